import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// One file per URL under app/routes (flat routes): `_site.*` is the public site inside its
// layout, `admin.*` the guarded back office, and files without a component are resource routes.
export default flatRoutes() satisfies RouteConfig;
