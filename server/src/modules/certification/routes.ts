import fastifyMultipart from '@fastify/multipart';
import {
  type ApiEntry,
  certificationApi,
  companyRegistrationFields,
  DOCUMENT_FILE_FIELD,
  DOCUMENT_FILE_PATH,
  ENTERPRISE_LICENCE_PATH,
  enterpriseCertFields,
  identityDocumentFields,
  LICENCE_MAX_BYTES,
  localizeContractMessage,
  ResultCode,
} from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { BEARER_AUTH, requireRole, route, ruleOf } from '../../plugins/contract.ts';
import { type LocalizedValidationError, validatorCompiler } from '../../plugins/validation.ts';
import type { FetchLike } from '../messaging/transports.ts';
import { resolveDataKey } from './crypto.ts';
import { detectLicenceType, LICENCE_EXTENSIONS, readLicence, removeLicence, saveLicence } from './licence.ts';
import { getDocument, getEnterprise, getPersonal, ownDocumentFile, ownLicence } from './service.ts';
import {
  assertCanSubmit,
  DocumentLimitError,
  type DocumentSubmission,
  IdCardLimitError,
  submitDocument,
  submitEnterprise,
  submitPersonal,
} from './submission.ts';
import { createIdentityVerifier, type IdentityVerifier } from './verifier.ts';

export interface CertificationRoutesOptions {
  config: Pick<Config, 'dataDir' | 'sandbox' | 'dataEncryptionKey' | 'identityVerifier' | 'certMaxAccountsPerIdCard'>;
  fetch?: FetchLike;
  /** Replaces the configured identity verifier (tests). */
  verifier?: IdentityVerifier;
}

const LICENCE_FIELD = 'businessLicence';

/** A 400 naming one field, with the message of a contract key in both languages. */
function fieldError(field: string, key: Parameters<typeof localizeContractMessage>[0]): LocalizedValidationError {
  return {
    keyword: 'custom',
    instancePath: `/${field}`,
    schemaPath: `#/${field}`,
    message: localizeContractMessage(key, 'en'),
    params: { field, messages: { en: localizeContractMessage(key, 'en'), 'zh-CN': localizeContractMessage(key, 'zh-CN') } },
  };
}

const validationFailure = (errors: LocalizedValidationError[]) =>
  Object.assign(new Error('invalid enterprise certification form'), {
    validation: errors,
    validationContext: 'body',
    statusCode: 400,
  });

const badRequest = (message: string, cause?: unknown) => Object.assign(new Error(message, { cause }), { statusCode: 400 });

const validateFields = validatorCompiler({ schema: enterpriseCertFields, method: 'POST', url: '', httpPart: 'body' });
const validateIdentityDocument = validatorCompiler({ schema: identityDocumentFields, method: 'POST', url: '', httpPart: 'body' });
const validateCompanyRegistration = validatorCompiler({
  schema: companyRegistrationFields,
  method: 'POST',
  url: '',
  httpPart: 'body',
});

interface ParsedForm {
  fields: Record<string, string>;
  licence: Buffer | null;
  licenceTooLarge: boolean;
}

/** Reads the multipart form: text fields (first value wins) and the one file (`fileField`), bounded in size. */
async function readForm(request: FastifyRequest, fileField = LICENCE_FIELD): Promise<ParsedForm> {
  const form: ParsedForm = { fields: {}, licence: null, licenceTooLarge: false };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || form.licence || form.licenceTooLarge) {
          part.file.resume(); // not ours: drain it
          continue;
        }
        try {
          form.licence = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          form.licenceTooLarge = true;
        }
      } else if (typeof part.value === 'string' && !(part.fieldname in form.fields)) {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // The iterator reports an oversized file again once its stream is cut: the fields before it are read.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      form.licence = null;
      form.licenceTooLarge = true;
      return form;
    }
    // Truncated or malformed bodies, too many parts or fields: the caller's fault.
    request.log.info({ err }, 'unreadable multipart form');
    throw badRequest('unreadable multipart form', err);
  }
  return form;
}

/**
 * Personal and enterprise real-name certification (SPEC sections 3-6). Sensitive fields and the
 * licence files are encrypted at rest with the data key (crypto.ts); the licence is served only to
 * its owner here and to operators through `npm run ops -- cert licence`.
 */
export async function certificationRoutes(app: FastifyInstance, { config, fetch, verifier }: CertificationRoutesOptions) {
  const key = await resolveDataKey(config, app.log);
  const identityVerifier = verifier ?? createIdentityVerifier(config, fetch);
  if (!identityVerifier) app.log.warn('no identity verifier configured (IDV_URL): personal certification is unavailable');

  // Only this plugin's routes take multipart bodies; limits keep a hostile upload bounded.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LICENCE_MAX_BYTES, files: 1, fields: 20, fieldSize: 1024, parts: 25, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  route(app, certificationApi.personalCertCreate, async (request) => {
    const { realName, idCard } = request.body;
    const userId = currentUser(request).id;
    try {
      await submitPersonal(
        app.db,
        { key, verifier: identityVerifier, now: app.now(), maxAccountsPerIdCard: config.certMaxAccountsPerIdCard },
        { userId, realName, idCard },
      );
    } catch (err) {
      // For support: `npm run ops -- cert list --id-hash <hash>` shows the accounts of the number.
      if (err instanceof IdCardLimitError) request.log.warn({ userId, idCardHash: err.idCardHash }, 'ID card limit reached');
      throw err;
    }
    return true;
  });

  route(app, certificationApi.personalCertGet, (request) => getPersonal(app.db, key, currentUser(request).id));
  route(app, certificationApi.enterpriseCertGet, (request) => getEnterprise(app.db, key, currentUser(request).id));

  const create = certificationApi.enterpriseCertCreate;
  const authenticate = app.authenticate;
  if (!authenticate) throw new Error('certification routes need the auth plugin');
  app.route({
    method: create.method,
    url: create.path,
    schema: {
      summary: create.summary,
      tags: create.tags,
      consumes: ['multipart/form-data'],
      // For the OpenAPI document only: the form is read and validated in the handler.
      body: enterpriseCertFields.extend({
        [LICENCE_FIELD]: z.string().meta({ format: 'binary', description: 'PNG, JPEG or PDF, at most 5 MB' }),
      }),
      response: { 200: z.object({ code: z.number().int(), data: create.data.nullable(), msg: z.string() }) },
      security: [{ [BEARER_AUTH]: [] }],
    },
    validatorCompiler: () => (data) => ({ value: data }),
    preHandler: [authenticate, requireRole(ruleOf(create))],
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const userId = currentUser(request).id;
      if (!request.isMultipart()) {
        return reply.code(400).send({ code: ResultCode.BadRequest, data: null, msg: request.t('cert.multipartRequired') });
      }
      // Refuse a locked user before reading (and storing) a 5 MB upload.
      await assertCanSubmit(app.db, userId);
      const form = await readForm(request);
      const checked = validateFields(form.fields) as { value?: z.output<typeof enterpriseCertFields>; error?: unknown };
      const errors: LocalizedValidationError[] = checked.error ? [...(checked.error as LocalizedValidationError[])] : [];
      const licenceType =
        form.licence && form.licence.length > 0 && !form.licenceTooLarge ? detectLicenceType(form.licence) : null;
      if (!licenceType) errors.push(fieldError(LICENCE_FIELD, 'validation.businessLicence'));
      if (errors.length > 0 || !checked.value || !form.licence || !licenceType) throw validationFailure(errors);

      const licenceFile = await saveLicence(app.db, key, form.licence);
      try {
        await submitEnterprise(app.db, { key, now: app.now() }, { userId, ...checked.value, licenceFile, licenceType });
      } catch (err) {
        await removeLicence(app.db, licenceFile);
        throw err;
      }
      return { code: 0, data: true, msg: '' };
    },
  });

  route(app, certificationApi.documentCertGet, (request) => getDocument(app.db, key, currentUser(request).id));

  /**
   * The two document forms (a person's ID document, an overseas company's registration): read like
   * the enterprise form, the file by magic bytes and sealed like a licence, then waiting for review.
   */
  const documentForm = <S extends typeof identityDocumentFields | typeof companyRegistrationFields>(
    entry: ApiEntry,
    schema: S,
    validate: ReturnType<typeof validatorCompiler>,
    toSubmission: (
      value: z.output<S>,
    ) => Pick<DocumentSubmission, 'documentType' | 'country' | 'holderName' | 'number' | 'registrationAddress'>,
  ) =>
    app.route({
      method: entry.method,
      url: entry.path,
      schema: {
        summary: entry.summary,
        tags: entry.tags,
        consumes: ['multipart/form-data'],
        // For the OpenAPI document only: the form is read and validated in the handler.
        body: schema.extend({
          [DOCUMENT_FILE_FIELD]: z.string().meta({ format: 'binary', description: 'PNG, JPEG or PDF, at most 5 MB' }),
        }),
        response: { 200: z.object({ code: z.number().int(), data: entry.data.nullable(), msg: z.string() }) },
        security: [{ [BEARER_AUTH]: [] }],
      },
      validatorCompiler: () => (data) => ({ value: data }),
      preHandler: [authenticate, requireRole(ruleOf(entry))],
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const userId = currentUser(request).id;
        if (!request.isMultipart()) {
          return reply
            .code(400)
            .send({ code: ResultCode.BadRequest, data: null, msg: request.t('cert.documentMultipartRequired') });
        }
        await assertCanSubmit(app.db, userId);
        const form = await readForm(request, DOCUMENT_FILE_FIELD);
        const checked = validate(form.fields) as { value?: z.output<S>; error?: unknown };
        const errors: LocalizedValidationError[] = checked.error ? [...(checked.error as LocalizedValidationError[])] : [];
        const fileType =
          form.licence && form.licence.length > 0 && !form.licenceTooLarge ? detectLicenceType(form.licence) : null;
        if (!fileType) errors.push(fieldError(DOCUMENT_FILE_FIELD, 'validation.documentFile'));
        if (errors.length > 0 || !checked.value || !form.licence || !fileType) throw validationFailure(errors);

        const documentFile = await saveLicence(app.db, key, form.licence);
        try {
          await submitDocument(
            app.db,
            { key, now: app.now(), maxAccountsPerDocument: config.certMaxAccountsPerIdCard },
            { userId, ...toSubmission(checked.value), documentFile, documentFileType: fileType },
          );
        } catch (err) {
          await removeLicence(app.db, documentFile);
          if (err instanceof DocumentLimitError)
            request.log.warn({ userId, documentHash: err.documentHash }, 'document limit reached');
          throw err;
        }
        return { code: 0, data: true, msg: '' };
      },
    });

  documentForm(certificationApi.identityDocumentCertCreate, identityDocumentFields, validateIdentityDocument, (v) => ({
    documentType: v.documentType,
    country: v.country,
    holderName: v.fullName,
    number: v.documentNumber,
    registrationAddress: null,
  }));
  documentForm(certificationApi.companyRegistrationCertCreate, companyRegistrationFields, validateCompanyRegistration, (v) => ({
    documentType: 'company_registration',
    country: v.country,
    holderName: v.companyName,
    number: v.registrationNumber,
    registrationAddress: v.registrationAddress,
  }));

  /** The caller's own uploaded file (never cached, never sniffed); 404 when they have none. */
  const ownFileRoute = (path: string, summary: string, fileName: string, find: typeof ownLicence) =>
    app.get(
      path,
      // The uploaded documents are the certification's: who may certify may see them.
      {
        schema: { summary, tags: ['certification'], security: [{ [BEARER_AUTH]: [] }] },
        preHandler: [authenticate, requireRole('certification')],
      },
      async (request, reply) => {
        const found = await find(app.db, currentUser(request).id);
        if (!found) return reply.code(404).send({ code: ResultCode.NotFound, data: null, msg: request.t('error.notFound') });
        const data = await readLicence(app.db, key, found.file);
        return reply
          .header('content-type', found.type)
          .header('content-disposition', `inline; filename="${fileName}.${LICENCE_EXTENSIONS[found.type]}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(data);
      },
    );
  ownFileRoute(
    DOCUMENT_FILE_PATH,
    "The file of the caller's latest document certification (image/png, image/jpeg or application/pdf; not JSON)",
    'document',
    ownDocumentFile,
  );
  ownFileRoute(
    ENTERPRISE_LICENCE_PATH,
    "The caller's business licence file (image/png, image/jpeg or application/pdf; not JSON)",
    'business-licence',
    ownLicence,
  );
}
