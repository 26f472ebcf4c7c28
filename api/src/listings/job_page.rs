//! `GET /job/{id}`: the app's page, with the job named in its head when the job is live —
//! the title, the description meta tag, the canonical address, Open Graph tags for link
//! previews, and the schema.org `JobPosting` data search engines read without running the
//! app. The body is the app's as for any client route; a job that is not live gets the
//! plain page (the app says it is gone).

use jobtap_core::job_listing::json_ld::{job_posting, script_text};
use jobtap_core::job_listing::{Listing, escape_html, meta_description, page_title};

/// The head elements that name `listing`.
pub fn head(listing: &Listing) -> String {
    let title = escape_html(&page_title(listing));
    let description = escape_html(&meta_description(listing));
    let url = escape_html(listing.url);
    let mut head = format!(
        "<title>{title}</title>\n\
         <meta name=\"description\" content=\"{description}\" />\n\
         <link rel=\"canonical\" href=\"{url}\" />\n\
         <meta property=\"og:type\" content=\"website\" />\n\
         <meta property=\"og:title\" content=\"{title}\" />\n\
         <meta property=\"og:description\" content=\"{description}\" />\n\
         <meta property=\"og:url\" content=\"{url}\" />\n"
    );
    if !listing.logo_url.is_empty() {
        head.push_str("<meta property=\"og:image\" content=\"");
        head.push_str(&escape_html(listing.logo_url));
        head.push_str("\" />\n");
    }
    head.push_str("<script type=\"application/ld+json\">");
    head.push_str(&script_text(&job_posting(listing)));
    head.push_str("</script>\n");
    head
}

/// The app's `index` page with its own title and description replaced by `head`.
pub fn with_head(index: &str, head: &str) -> String {
    let mut page = index.to_string();
    // The app's own description would contradict the job's.
    if let Some(at) = page.find("name=\"description\"")
        && let (Some(start), Some(len)) = (page[..at].rfind("<meta"), page[at..].find('>'))
    {
        page.replace_range(start..=at + len, "");
    }
    if let (Some(start), Some(end)) = (page.find("<title>"), page.find("</title>"))
        && start < end
    {
        page.replace_range(start..end + "</title>".len(), head);
        return page;
    }
    match page.find("</head>") {
        Some(at) => page.insert_str(at, head),
        None => page.insert_str(0, head),
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<html><head>\n<meta charset=\"UTF-8\" />\n<meta\n  name=\"description\"\n  \
                         content=\"JobTap: swipe.\"\n/>\n<title>JobTap · Double Tap</title>\n\
                         <script type=\"module\" src=\"/assets/index.js\"></script></head>\
                         <body><div id=\"root\"></div></body></html>";

    #[test]
    fn the_head_replaces_the_apps_title_and_description_and_keeps_the_rest() {
        let page = with_head(INDEX, "<title>Nurse</title>\n");
        assert_eq!(
            page,
            "<html><head>\n<meta charset=\"UTF-8\" />\n\n<title>Nurse</title>\n\n\
             <script type=\"module\" src=\"/assets/index.js\"></script></head>\
             <body><div id=\"root\"></div></body></html>"
        );
        assert_eq!(
            with_head("<div id=root>", "<title>N</title>"),
            "<title>N</title><div id=root>"
        );
    }
}
