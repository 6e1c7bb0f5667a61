from enum import StrEnum


class MetricsProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    HEADERS_TOO_LARGE = "headers_too_large"
    INVALID_REQUEST = "invalid_request"
    METRICS_NOT_ALLOWED = "metrics_not_allowed"
    NOT_AUTHENTICATED = "not_authenticated"
    SERVICE_UNAVAILABLE = "service_unavailable"

    def __str__(self) -> str:
        return str(self.value)
