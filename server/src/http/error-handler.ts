import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, ServerErrorCode } from '@platform/contract';
import { translate, type Catalogue } from '../i18n/messages';
import { AppError } from './envelope';
import { callerLanguageOf } from './request-context';

interface Classified {
  statusCode: number;
  errorCode: ServerErrorCode;
  params: Record<string, string>;
  value: unknown;
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** Present because ajv runs with `verbose` (see app.ts). */
  parentSchema?: { description?: string };
}

/** "querystring.types must match pattern …", "body.username is required": names the field. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return context ?? 'request';
  const segments = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    return `${[context, ...segments, issue.params.missingProperty].filter(Boolean).join('.')} is required`;
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    return `${[context, ...segments, issue.params.additionalProperty].filter(Boolean).join('.')} is not allowed`;
  }
  const field = [context, ...segments].filter(Boolean).join('.') || 'request';
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) {
    return `${field} must be one of: ${issue.params.allowedValues.join(', ')}`;
  }
  // A bare regular expression helps nobody: the schema's description says what is expected.
  if (issue.keyword === 'pattern' && issue.parentSchema?.description) {
    return `${field} is invalid (expected: ${issue.parentSchema.description})`;
  }
  return `${field} ${issue.message ?? 'is invalid'}`;
}

function classify(error: FastifyError | AppError | Error): Classified {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, errorCode: error.errorCode, params: error.params, value: error.value };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      statusCode: 400,
      errorCode: 'request.param.err',
      params: { detail: describeValidation(fastifyError.validationContext, fastifyError.validation as ValidationIssue[]) },
      value: null,
    };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, errorCode: 'request.json.err', params: {}, value: null };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, errorCode: 'request.media.type.err', params: {}, value: null };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, errorCode: 'request.too.large', params: {}, value: null };
    default:
      break;
  }
  // JSON.parse errors from the body parser carry statusCode 400 but no code.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { statusCode: 400, errorCode: 'request.json.err', params: {}, value: null };
  }
  const statusCode = fastifyError.statusCode;
  if (typeof statusCode === 'number' && statusCode === 404) {
    return { statusCode, errorCode: 'not.found', params: {}, value: null };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { statusCode, errorCode: 'request.param.err', params: { detail: fastifyError.message }, value: null };
  }
  return { statusCode: 500, errorCode: 'system.err', params: {}, value: null };
}

/** The failure envelope of `errorCode`, its message in the caller's language. */
export type Failure = (request: FastifyRequest, errorCode: ServerErrorCode, params?: Record<string, string>, value?: unknown) => Envelope<unknown>;

/**
 * Failures worded from `catalogue`: the composed one (src/messages.ts), which app.ts hands in
 * because most texts are the modules' and http/ imports no module.
 */
export function failureFrom(catalogue: Catalogue): Failure {
  return (request, errorCode, params = {}, value = null) => ({
    success: false,
    value,
    message: translate(catalogue, errorCode, callerLanguageOf(request), params),
    errorCode,
  });
}

/** Every failure leaves as a non-2xx envelope; only a real fault is a 500 (and is logged as one). */
export function registerErrorHandler(app: FastifyInstance, failure: Failure): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { statusCode, errorCode, params, value } = classify(error);
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ errorCode, statusCode, detail: params.detail }, 'request rejected');
    }
    return reply.status(statusCode).send(failure(request, errorCode, params, value));
  });
}
