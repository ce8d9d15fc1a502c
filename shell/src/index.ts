// Async boundary: shared singletons (React, router, Chakra …) are negotiated with the remotes
// before any of them is evaluated.
import('./bootstrap');
