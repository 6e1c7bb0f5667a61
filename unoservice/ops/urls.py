from django.urls import path

from unoservice.ops.metrics_endpoint import MetricsView
from unoservice.ops.views import HealthView

urlpatterns = [
    path("health", HealthView.as_view(), name="health"),
    path("metrics", MetricsView.as_view(), name="metrics"),
]
