from django.urls import path

from unoservice.ops.views import HealthView

urlpatterns = [
    path("health", HealthView.as_view(), name="health"),
]
