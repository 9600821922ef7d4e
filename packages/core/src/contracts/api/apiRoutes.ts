import * as accountRoutes from './accountRoutes';
import * as adminRoutes from './adminRoutes';
import type { ApiRoute } from './apiRoute';
import * as noteRoutes from './noteRoutes';
import * as serviceRoutes from './serviceRoutes';
import * as vaultRoutes from './vaultRoutes';

/** Every route of the relay's HTTP API by name (API1); each is an `ApiRoute`. */
export const API = { ...serviceRoutes, ...accountRoutes, ...vaultRoutes, ...noteRoutes, ...adminRoutes } as const;

/** Every route, in the order the OpenAPI document lists them. */
export const API_ROUTES: readonly ApiRoute[] = Object.values(API);

/** Where every route of the API lives: what a test cutting the network off the API matches. */
export const API_PREFIX = '/api/';
