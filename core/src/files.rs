//! What a file really is, judged by its bytes (never its name), and which kinds
//! and sizes each upload slot accepts.

use serde::Serialize;

/// How long a document's share link opens when its owner names no time, in days.
pub const SHARE_LINK_DEFAULT_DAYS: i64 = 7;

/// The longest a share link may open, in days.
pub const SHARE_LINK_MAX_DAYS: i64 = 30;

/// How much an account may keep in the file store by default (documents, a profile picture,
/// logos), in bytes; the server's `JOBTAP_STORAGE_QUOTA_MB` may set another.
pub const STORAGE_QUOTA_DEFAULT_BYTES: u64 = 100 * MB;
/// At most this many upload requests per account in [`UPLOAD_WINDOW_MS`]: what a person
/// adding documents by hand never reaches, and what stops a script filling the store.
pub const UPLOADS_PER_WINDOW: i64 = 20;
/// The window of [`UPLOADS_PER_WINDOW`]: ten minutes.
pub const UPLOAD_WINDOW_MS: i64 = 10 * 60 * 1000;

/// A size in megabytes (1 MB = 1024 × 1024 bytes) to the tenth: "100 MB", "12.3 MB".
#[must_use]
pub fn megabytes_text(bytes: u64) -> String {
    let tenths = (u128::from(bytes) * 10 + u128::from(MB) / 2) / u128::from(MB);
    if tenths % 10 == 0 {
        format!("{} MB", tenths / 10)
    } else {
        format!("{}.{} MB", tenths / 10, tenths % 10)
    }
}

/// The refusal of files that would take an account past its storage quota.
#[must_use]
pub fn quota_message(used: u64, quota: u64) -> String {
    format!(
        "Your files would take more than your {} of storage ({} used). Delete a document to make room.",
        megabytes_text(quota),
        megabytes_text(used)
    )
}

/// Kinds of file JobTap stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    Pdf,
    Doc,
    Docx,
    Jpeg,
    Png,
    Webp,
    Gif,
    /// UTF-8 text; only where a slot says so (resumes saved as `.txt` in My Documents).
    Text,
}

impl FileKind {
    /// Every kind.
    pub const ALL: [Self; 8] = [
        Self::Pdf,
        Self::Doc,
        Self::Docx,
        Self::Jpeg,
        Self::Png,
        Self::Webp,
        Self::Gif,
        Self::Text,
    ];

    /// The kind served as `content_type` (parameters such as `charset` aside), if one is.
    pub fn of_mime(content_type: &str) -> Option<Self> {
        let essence = content_type.split(';').next().unwrap_or_default().trim();
        Self::ALL.into_iter().find(|kind| {
            kind.mime()
                .split(';')
                .next()
                .is_some_and(|m| m.eq_ignore_ascii_case(essence))
        })
    }

    /// The extension stored files get.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Doc => "doc",
            Self::Docx => "docx",
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Webp => "webp",
            Self::Gif => "gif",
            Self::Text => "txt",
        }
    }

    /// The MIME type files of this kind are served with.
    pub fn mime(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Doc => "application/msword",
            Self::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Webp => "image/webp",
            Self::Gif => "image/gif",
            Self::Text => "text/plain; charset=utf-8",
        }
    }
}

/// Longest name a stored file keeps, in characters.
pub const FILE_NAME_MAX_CHARS: usize = 200;

/// The name an uploaded file is stored and shown under, from the name the browser sent: the
/// last path segment, without control characters, direction marks that reorder it
/// ("\u{202e}gnp.pdf" shows as "fdp.png"), quotes or angle brackets, and no leading dots; a
/// longer name keeps its extension and loses the end of its stem. The file is the person's,
/// so its name is mended rather than the upload refused.
pub fn display_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut kept = String::with_capacity(base.len());
    for c in base.chars() {
        let mut utf8 = [0u8; 4];
        let hides = crate::job_limits::has_hidden_characters(c.encode_utf8(&mut utf8));
        if !(hides || c.is_control() || matches!(c, '"' | '<' | '>')) {
            kept.push(c);
        }
    }
    let name = kept.trim().trim_start_matches('.').trim();
    if name.is_empty() {
        return "file".into();
    }
    if name.chars().count() <= FILE_NAME_MAX_CHARS {
        return name.to_string();
    }
    let ext = name
        .rsplit_once('.')
        .map(|(_, ext)| ext)
        .filter(|ext| !ext.is_empty() && ext.chars().count() <= 10 && !ext.contains(' '));
    let room = FILE_NAME_MAX_CHARS - ext.map_or(0, |e| e.chars().count() + 1);
    let stem: String = name.chars().take(room).collect();
    let stem = stem.trim_end();
    match ext {
        Some(ext) => format!("{stem}.{ext}"),
        None => stem.to_string(),
    }
}

/// The name a stored file downloads under: the uploader's name with the extension of the kind
/// its bytes were stored as. A PDF uploaded as "cv.html" downloads as "cv.pdf", so a browser
/// or a desktop that goes by the name never opens it as a page; a type that is not a stored
/// kind leaves the name as it is.
pub fn download_name(file_name: &str, content_type: &str) -> String {
    let Some(kind) = FileKind::of_mime(content_type) else {
        return file_name.to_string();
    };
    let wanted = kind.extension();
    match file_name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => {
            let ext = ext.to_ascii_lowercase();
            if ext == wanted || (kind == FileKind::Jpeg && ext == "jpeg") {
                file_name.to_string()
            } else {
                format!("{stem}.{wanted}")
            }
        }
        _ => format!("{file_name}.{wanted}"),
    }
}

/// The kind of `bytes`, from their signature; `None` for anything else
/// (executables, archives, SVG, plain text, …).
pub fn sniff(bytes: &[u8]) -> Option<FileKind> {
    if bytes.starts_with(b"%PDF-") {
        Some(FileKind::Pdf)
    } else if infer::image::is_png(bytes) {
        Some(FileKind::Png)
    } else if infer::image::is_jpeg(bytes) {
        Some(FileKind::Jpeg)
    } else if infer::image::is_webp(bytes) {
        Some(FileKind::Webp)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        // infer reads any "GIF" start as an image: a text resume of a person named Gift too.
        Some(FileKind::Gif)
    } else if crate::resume::docx::is_docx(bytes) {
        Some(FileKind::Docx)
    } else if infer::doc::is_doc(bytes) {
        Some(FileKind::Doc)
    } else {
        None
    }
}

/// Whether `bytes` are plain UTF-8 text (an optional BOM, no NUL or other control characters
/// besides tab, line breaks and form feed). Text has no signature, so this is the whole check.
pub fn is_plain_text(bytes: &[u8]) -> bool {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(body).is_ok_and(|text| {
        text.chars()
            .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r' | '\x0c'))
    })
}

/// Whether `bytes` look like an SVG image (refused everywhere: it can carry script).
pub fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(1024)];
    let text = String::from_utf8_lossy(head).to_lowercase();
    text.contains("<svg")
}

const MB: u64 = 1024 * 1024;

/// What a stored document is (`user_documents.document_type`). `Other` is in old data only:
/// uploads are a resume or a certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DocumentType {
    Resume,
    Certificate,
    Other,
}

impl DocumentType {
    /// Every type, in the order My Documents offers them.
    pub const ALL: [Self; 3] = [Self::Resume, Self::Certificate, Self::Other];

    /// As stored and sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Resume => "resume",
            Self::Certificate => "certificate",
            Self::Other => "other",
        }
    }

    /// Its name on screen.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Resume => "Resume",
            Self::Certificate => "Certificate",
            Self::Other => "Other",
        }
    }
}

/// An upload slot: what it accepts and how big.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The resume at onboarding: PDF, DOC or DOCX (spec, candidate §2).
    Resume,
    /// A resume saved in My Documents: also UTF-8 text, as the spec's resume upgrade saved it
    /// (`upgraded-resume-{timestamp}.txt`, candidate §7; the upgrade now saves its PDF) and as
    /// earlier versions of the app did.
    ResumeDocument,
    Certificate,
    Avatar,
    CompanyLogo,
}

/// Why an upload was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UploadError {
    #[error("{0}")]
    WrongType(&'static str),
    #[error("{0}")]
    TooLarge(&'static str),
    #[error("The file is empty")]
    Empty,
}

impl Slot {
    /// The slot a client names: `resume`, `resume-document`, `certificate`, `avatar`,
    /// `company-logo`.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "resume" => Self::Resume,
            "resume-document" => Self::ResumeDocument,
            "certificate" => Self::Certificate,
            "avatar" => Self::Avatar,
            "company-logo" => Self::CompanyLogo,
            _ => return None,
        })
    }

    /// The largest size in words, as the pickers' hints write it: "10MB".
    pub fn max_size_text(self) -> String {
        format!("{}MB", self.max_bytes() / MB)
    }

    /// Largest accepted size in bytes (inclusive).
    pub fn max_bytes(self) -> u64 {
        match self {
            Self::Resume | Self::ResumeDocument | Self::Certificate => 10 * MB,
            Self::Avatar | Self::CompanyLogo => 2 * MB,
        }
    }

    fn accepts(self, kind: FileKind) -> bool {
        use FileKind::{Doc, Docx, Gif, Jpeg, Pdf, Png, Text, Webp};
        match self {
            Self::Resume => matches!(kind, Pdf | Doc | Docx),
            Self::ResumeDocument => matches!(kind, Pdf | Doc | Docx | Text),
            Self::Certificate => matches!(kind, Pdf | Doc | Docx | Jpeg | Png),
            Self::Avatar => matches!(kind, Jpeg | Png | Webp),
            Self::CompanyLogo => matches!(kind, Jpeg | Png | Webp | Gif),
        }
    }

    /// The message for a file of the wrong type.
    pub fn wrong_type_message(self) -> &'static str {
        match self {
            Self::Resume => "Resume must be a PDF, DOC or DOCX file",
            Self::ResumeDocument => "Resume must be a PDF, DOC, DOCX or TXT file",
            Self::Certificate => "Certificates must be PDF, DOC, DOCX, JPG or PNG files",
            Self::Avatar => "Profile picture must be a JPG, PNG or WEBP image",
            Self::CompanyLogo => "Please upload an image file",
        }
    }

    /// The message for a file over the size limit.
    pub fn too_large_message(self) -> &'static str {
        match self {
            Self::Resume | Self::ResumeDocument => "Resume must be at most 10 MB",
            Self::Certificate => "Each certificate must be at most 10 MB",
            Self::Avatar => "Profile picture must be at most 2 MB",
            Self::CompanyLogo => "Image size must be less than 2MB",
        }
    }

    /// Checks a size before the bytes are all there (uploads are checked while streaming).
    pub fn check_size(self, size: u64) -> Result<(), UploadError> {
        if size > self.max_bytes() {
            Err(UploadError::TooLarge(self.too_large_message()))
        } else {
            Ok(())
        }
    }

    /// Decides what `bytes` are and whether this slot takes them.
    pub fn check(self, bytes: &[u8]) -> Result<FileKind, UploadError> {
        if bytes.is_empty() {
            return Err(UploadError::Empty);
        }
        self.check_size(bytes.len() as u64)?;
        match sniff(bytes) {
            Some(kind) if self.accepts(kind) => Ok(kind),
            None if self.accepts(FileKind::Text)
                && !looks_like_svg(bytes)
                && is_plain_text(bytes) =>
            {
                Ok(FileKind::Text)
            }
            _ if looks_like_svg(bytes) && matches!(self, Self::Avatar | Self::CompanyLogo) => {
                Err(UploadError::WrongType(
                    "SVG images are not accepted. Please upload a JPG, PNG or WEBP image",
                ))
            }
            _ => Err(UploadError::WrongType(self.wrong_type_message())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_lose_folders_and_what_hides_or_reorders_text() {
        assert_eq!(display_name("../../etc/passwd"), "passwd");
        assert_eq!(display_name("C:\\Users\\me\\CV.pdf"), "CV.pdf");
        assert_eq!(display_name("a\u{0}b\n\"c\".pdf"), "abc.pdf");
        assert_eq!(display_name("\u{202e}gnp.pdf"), "gnp.pdf");
        assert_eq!(display_name("CV\u{2066}\u{85}.docx"), "CV.docx");
        assert_eq!(display_name(".."), "file");
        assert_eq!(
            display_name("Tatenda Marufu – CV (2026).pdf"),
            "Tatenda Marufu – CV (2026).pdf"
        );
        let long = format!(
            "{}.docx",
            "Resume of a person with a very long name ".repeat(8)
        );
        let name = display_name(&long);
        assert!(name.chars().count() <= FILE_NAME_MAX_CHARS, "{name}");
        assert!(name.ends_with("very.docx"), "{name}");
        assert_eq!(display_name(&"x".repeat(500)).len(), FILE_NAME_MAX_CHARS);
    }

    #[test]
    fn downloads_carry_the_stored_kinds_extension() {
        assert_eq!(download_name("cv.html", "application/pdf"), "cv.pdf");
        assert_eq!(
            download_name("CV Final.PDF", "application/pdf"),
            "CV Final.PDF"
        );
        assert_eq!(download_name("photo.jpeg", "image/jpeg"), "photo.jpeg");
        assert_eq!(
            download_name("resume", "text/plain; charset=utf-8"),
            "resume.txt"
        );
        assert_eq!(download_name(".bashrc", "application/pdf"), ".bashrc.pdf");
        assert_eq!(
            download_name("cv.docx.exe", FileKind::Docx.mime()),
            "cv.docx.docx"
        );
        assert_eq!(download_name("jobs.csv", "text/csv"), "jobs.csv");
        for kind in FileKind::ALL {
            assert_eq!(FileKind::of_mime(kind.mime()), Some(kind));
        }
    }

    #[test]
    fn quota_messages_say_the_quota_and_what_is_used_in_megabytes() {
        assert_eq!(megabytes_text(100 * MB), "100 MB");
        assert_eq!(megabytes_text(2 * MB + MB / 2), "2.5 MB");
        assert_eq!(megabytes_text(12 * MB + MB / 3), "12.3 MB");
        assert_eq!(megabytes_text(0), "0 MB");
        assert_eq!(megabytes_text(100 * 1024), "0.1 MB");
        assert_eq!(
            quota_message(99 * MB + MB / 2, STORAGE_QUOTA_DEFAULT_BYTES),
            "Your files would take more than your 100 MB of storage (99.5 MB used). Delete a document \
             to make room."
        );
    }

    #[test]
    fn a_text_resume_of_a_person_named_gift_is_text_not_an_image() {
        let resume = "GIFT CHINYAMA\nFarm Manager (Tobacco) | Mvurwi\n".as_bytes();
        assert_eq!(sniff(resume), None);
        assert!(is_plain_text(resume));
        assert_eq!(sniff(b"GIF89a\x01\0\x01\0"), Some(FileKind::Gif));
        assert_eq!(sniff(b"GIF87a\x01\0\x01\0"), Some(FileKind::Gif));
    }

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    const ELF: &[u8] = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0";

    #[test]
    fn every_document_type_is_sent_as_stored() {
        for kind in DocumentType::ALL {
            let sent = serde_json::to_value(kind).expect("serializes");
            assert_eq!(sent.as_str(), Some(kind.as_str()));
        }
    }

    #[test]
    fn kinds_are_judged_by_bytes() {
        assert_eq!(sniff(b"%PDF-1.7\n..."), Some(FileKind::Pdf));
        assert_eq!(sniff(PNG), Some(FileKind::Png));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0\0\x10JFIF"), Some(FileKind::Jpeg));
        assert_eq!(sniff(ELF), None);
        assert_eq!(sniff(b"MZ\x90\0"), None);
        assert_eq!(sniff(b"hello"), None);
    }

    #[test]
    fn a_renamed_executable_is_refused_as_a_resume() {
        assert_eq!(
            Slot::Resume.check(ELF),
            Err(UploadError::WrongType(
                "Resume must be a PDF, DOC or DOCX file"
            ))
        );
    }

    #[test]
    fn an_svg_avatar_or_logo_is_refused_with_a_clear_message() {
        let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
        let err = Slot::CompanyLogo.check(svg).unwrap_err().to_string();
        assert!(err.contains("SVG"), "{err}");
    }

    #[test]
    fn text_is_a_resume_only_in_my_documents() {
        let text = "JANE DOE\n\nSUMMARY\n- Ships things\u{e9}\n".as_bytes();
        assert_eq!(Slot::ResumeDocument.check(text), Ok(FileKind::Text));
        assert_eq!(
            Slot::Resume.check(text),
            Err(UploadError::WrongType(
                "Resume must be a PDF, DOC or DOCX file"
            ))
        );
        assert_eq!(Slot::Certificate.check(text).ok(), None);
    }

    #[test]
    fn binary_or_svg_is_not_text() {
        assert!(Slot::ResumeDocument.check(ELF).is_err());
        assert!(Slot::ResumeDocument.check(b"abc\0def").is_err());
        assert!(Slot::ResumeDocument.check(b"\xff\xfe\x00a").is_err());
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
        assert!(Slot::ResumeDocument.check(svg).is_err());
    }

    #[test]
    fn size_limits_are_inclusive() {
        assert!(Slot::Resume.check_size(10 * MB).is_ok());
        assert_eq!(
            Slot::Resume.check_size(10 * MB + 1),
            Err(UploadError::TooLarge("Resume must be at most 10 MB"))
        );
        assert!(Slot::CompanyLogo.check_size(2 * MB).is_ok());
        assert!(Slot::CompanyLogo.check_size(2 * MB + 1).is_err());
    }

    #[test]
    fn each_slot_takes_only_its_kinds() {
        assert!(Slot::Avatar.check(PNG).is_ok());
        assert!(Slot::Resume.check(PNG).is_err());
        assert!(Slot::Certificate.check(PNG).is_ok());
        assert_eq!(Slot::Resume.check(b""), Err(UploadError::Empty));
    }
}
