from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_check import AuditCheck


T = TypeVar("T", bound="AuditResult")


@_attrs_define
class AuditResult:
    """
    Attributes:
        ok (bool):
        checks (list[AuditCheck]):
    """

    ok: bool
    checks: list[AuditCheck]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_check import AuditCheck  # noqa: PLC0415

        d = dict(src_dict)
        ok = d.pop("ok")

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = AuditCheck.from_dict(checks_item_data)

            checks.append(checks_item)

        audit_result = cls(
            ok=ok,
            checks=checks,
        )

        audit_result.additional_properties = d
        return audit_result

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
