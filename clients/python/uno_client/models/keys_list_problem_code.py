from enum import StrEnum


class KeysListProblemCode(StrEnum):
    INVALID_REQUEST = "invalid_request"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"

    def __str__(self) -> str:
        return str(self.value)
