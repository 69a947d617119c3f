/**
 * OpenAI's error body, the same for Chat Completions and Responses:
 * `{"error": {"message", "type", "param", "code"}}`, the type and code an
 * HTTP status has on api.openai.com.
 */
const ERROR_TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'permission_denied' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
};

/** The body of an error answer with `status`; `errorType` replaces the status's own type. */
export function openAIErrorBody(status: number, message: string, errorType: string | undefined): unknown {
  const known = ERROR_TYPES[status] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null };
  return { error: { message, type: errorType ?? known.type, param: null, code: known.code } };
}
