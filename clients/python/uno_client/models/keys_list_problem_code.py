from enum import StrEnum


class KeysListProblemCode(StrEnum):
    HEADERS_TOO_LARGE = "headers_too_large"
    INVALID_REQUEST = "invalid_request"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"

    def __str__(self) -> str:
        return str(self.value)
