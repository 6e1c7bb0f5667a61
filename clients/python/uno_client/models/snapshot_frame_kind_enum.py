from enum import StrEnum


class SnapshotFrameKindEnum(StrEnum):
    SNAPSHOT = "snapshot"

    def __str__(self) -> str:
        return str(self.value)
