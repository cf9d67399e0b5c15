/**
 * Moving one owner's whole account between deployments (`npm run export` / `npm run import`).
 *
 * An export is a versioned JSON document plus the bytes of its images. The document holds no
 * database id and no object key: lists are in their display order, and every image is named by
 * the SHA-256 of its bytes, so exporting an imported account gives the same document again
 * (only `exportedAt` differs). It includes the bcrypt password hash, so the owner keeps their
 * password; sessions (refresh tokens) are not exported.
 *
 * An import writes nothing unless everything fits: the document and every image are checked
 * first, the images are stored, then every row is written in one transaction; if that fails, the
 * stored images are deleted again.
 *
 * The document's schema is in account-transfer/document.server.ts, the export in
 * account-transfer/export.server.ts, reading an archive and the import in
 * account-transfer/import.server.ts; this module is what the rest of the app uses of them.
 */
export {
	AccountDocumentSchema,
	AccountTransferError,
	DOCUMENT_FILE,
	EXPORT_FORMAT,
	EXPORT_VERSION,
	type AccountBundle,
	type AccountDocument,
	type TransferFailure,
} from './account-transfer/document.server'
export {
	bundleToFiles,
	exportAccount,
	exportAccountArchive,
	type ExportOptions,
} from './account-transfer/export.server'
export {
	ACCOUNT_ARCHIVE_BUDGET,
	bundleFromFiles,
	importAccount,
	readAccountArchive,
	type ImportResult,
} from './account-transfer/import.server'
