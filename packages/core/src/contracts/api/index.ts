// `@baalda/core/api`: the relay's HTTP API as data (API1–API3): its routes, their OpenAPI document, and
// the typed client every caller of the relay uses.
export {
  type ApiClient,
  type ApiFailure,
  type ApiInput,
  type ApiRequest,
  type ApiResponse,
  type ApiResult,
  type ApiSuccess,
  type ApiTransport,
  createApiClient,
  pathFor,
  readApiAnswer,
  requestFor,
} from './apiClient';
export {
  type AnswerOf,
  type ApiAnswer,
  type ApiAuth,
  type ApiMethod,
  type ApiRoute,
  paramNamesOf,
} from './apiRoute';
export { API, API_PREFIX, API_ROUTES } from './apiRoutes';
export { buildOpenApiDocument } from './openApiDocument';
