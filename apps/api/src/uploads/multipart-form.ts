import type { MultipartFile } from '@fastify/multipart';
import type { ApiErrorCode } from '@hackclass/contracts';
import { HttpError, isStorageFull } from '@hackclass/http';
import { type FileStore, FileTooLargeError, newStorageKey } from '@hackclass/storage';
import type { FastifyRequest } from 'fastify';
import { apiErrors } from '../errors';
import { safeFileName } from './file-names';

export interface FileFieldSpec {
  /** Storage key prefix, e.g. `classroom-images`. */
  prefix: string;
  maxBytes: number;
  maxCount: number;
  /**
   * Reads the first bytes of each file and returns its content type, or throws an HttpError
   * (e.g. 415) to refuse it. Without it the client's declared type is kept.
   */
  check?: (head: Uint8Array) => string;
}

export interface UploadedFile {
  field: string;
  fileName: string;
  contentType: string;
  storageKey: string;
  size: number;
}

/** Bytes all the form's files may take together, e.g. what is left of a storage quota. */
export interface UploadBudget {
  bytes: number;
  /** The refusal when the files would take more. */
  exceeded: () => HttpError;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** What reading and validating a multipart form may answer. */
export const FORM_ERRORS = [
  'unsupported_media_type',
  'malformed_form',
  'unexpected_file',
  'too_many_files',
  'file_too_large',
  'storage_quota_exceeded',
  'validation_failed',
] as const satisfies readonly ApiErrorCode[];

/** Forms being read and stored now, in this process. */
const reading = new Set<Promise<unknown>>();

/**
 * Settles once every form being read now has been stored or refused. A stopping server waits
 * for it before it exits: a form whose connection the shutdown ended removes its partial files
 * then, a few milliseconds later, and an exit before that would leave them behind.
 */
export async function formsSettled(): Promise<void> {
  await Promise.allSettled([...reading]);
}

/**
 * Reads a multipart form: text fields into `fields`, files streamed straight into `store`
 * under fresh keys (never named by the client). Anything refused on the way — a file too
 * large, too many files, an unexpected file field, bytes that fail `check`, a connection that
 * ended — removes what was stored so far. The caller must `discard` the files if it fails later.
 */
export function readMultipartForm(
  request: FastifyRequest,
  store: FileStore,
  specs: Record<string, FileFieldSpec>,
  budget?: UploadBudget,
): Promise<MultipartForm> {
  const work = readForm(request, store, specs, budget);
  reading.add(work);
  const forget = () => void reading.delete(work);
  work.then(forget, forget);
  return work;
}

async function readForm(
  request: FastifyRequest,
  store: FileStore,
  specs: Record<string, FileFieldSpec>,
  budget: UploadBudget | undefined,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw apiErrors.unsupportedMediaType('Send multipart/form-data');
  const form: MultipartForm = { fields: {}, files: [] };
  let storing = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      storing = true;
      form.files.push(await storeFile(part, store, specs, form.files, budget));
      storing = false;
    }
  } catch (error) {
    await discardFiles(store, form.files);
    // Whatever the parts' iteration throws is about the body (cut short, no boundary, a
    // malformed header); only storing a file can fail on our side.
    throw storing ? error : asFormError(error);
  }
  return form;
}

/**
 * Busboy's parse errors are plain `Error`s, which would answer 500; the multipart plugin's
 * own (limits, prototype keys) and ours already carry a client status.
 */
function asFormError(error: unknown): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof HttpError || (typeof status === 'number' && status < 500)) return error;
  return apiErrors.malformedForm();
}

/**
 * A declared type worth keeping: `type/subtype` in RFC 6838's characters. It is stored, and
 * anything else (a NUL, which PostgreSQL refuses, or junk) is no type at all.
 */
const MEDIA_TYPE = /^[a-z0-9][\w!#$&^.+-]{0,126}\/[a-z0-9][\w!#$&^.+-]{0,126}$/i;

async function storeFile(
  part: MultipartFile,
  store: FileStore,
  specs: Record<string, FileFieldSpec>,
  stored: UploadedFile[],
  budget: UploadBudget | undefined,
): Promise<UploadedFile> {
  const spec = specs[part.fieldname];
  if (!spec) throw apiErrors.unexpectedFile(part.fieldname);
  if (stored.filter((file) => file.field === part.fieldname).length >= spec.maxCount) {
    throw apiErrors.tooManyFiles(part.fieldname, spec.maxCount);
  }
  let contentType = MEDIA_TYPE.test(part.mimetype) ? part.mimetype : 'application/octet-stream';
  const inspectHead = spec.check
    ? (head: Buffer) => {
        contentType = spec.check?.(head) ?? contentType;
      }
    : undefined;
  const storageKey = newStorageKey(spec.prefix);
  // Stops the stream once the budget is spent, rather than storing the whole file first.
  const left = budget
    ? Math.max(0, budget.bytes - stored.reduce((total, file) => total + file.size, 0))
    : Number.POSITIVE_INFINITY;
  const maxBytes = Math.min(spec.maxBytes, left);
  try {
    const { size } = await store.put(storageKey, part.file, { maxBytes, inspectHead });
    return {
      field: part.fieldname,
      fileName: safeFileName(part.filename),
      contentType,
      storageKey,
      size,
    };
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw budget && maxBytes < spec.maxBytes
        ? budget.exceeded()
        : apiErrors.fileTooLarge(part.fieldname, spec.maxBytes);
    }
    // A full disk fails the write and, through the pipeline, the part's stream with it: ours.
    if (isStorageFull(error)) throw error;
    // The upload broke off or its part was malformed: the body's fault, not the store's.
    if (part.file.errored) throw asFormError(part.file.errored);
    throw error;
  }
}

export async function discardFiles(store: FileStore, files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => store.delete(file.storageKey)));
}
