-- The storage quota sums an account's files on every upload (api/src/uploads.rs).
CREATE INDEX stored_files_owner ON stored_files (owner_id);
