// Async boundary: shared singletons (React, the bus, ...) are negotiated before any app code runs.
import('./bootstrap');
