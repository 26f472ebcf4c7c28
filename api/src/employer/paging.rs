//! The paging the employer's lists share: a page's size and position read from the query, and
//! the cursor of the page after it.

use crate::error::ApiError;
use crate::feed::cursor;

/// A page asked for: how many rows it holds and the position it starts after.
#[derive(Debug)]
pub struct Page {
    limit: i64,
    after: Option<(i64, String)>,
}

impl Page {
    /// The page a query names: `limit` kept within `1..=max` (`default` when the client names
    /// none), and the position in `cursor`, or the 400 for a cursor this server did not write.
    pub fn read(
        limit: Option<i64>,
        cursor: Option<&str>,
        default: i64,
        max: i64,
    ) -> Result<Self, ApiError> {
        let after = cursor
            .map(|text| {
                cursor::decode(text).ok_or_else(|| ApiError::BadRequest("Invalid cursor".into()))
            })
            .transpose()?;
        Ok(Self {
            limit: limit.unwrap_or(default).clamp(1, max),
            after,
        })
    }

    /// The position the page starts after: a row's sort key and id.
    pub fn after(&self) -> Option<(i64, &str)> {
        self.after.as_ref().map(|(key, id)| (*key, id.as_str()))
    }

    /// How many rows to read: one more than the page holds, to tell whether another follows.
    pub fn rows(&self) -> i64 {
        self.limit + 1
    }

    /// Cuts `list`, read with [`Page::rows`] rows at most, to the page, and gives the cursor
    /// of the next page when the extra row shows there is one; `position` is a row's sort key
    /// and id.
    pub fn next_cursor<T>(
        &self,
        list: &mut Vec<T>,
        position: impl Fn(&T) -> (i64, String),
    ) -> Option<String> {
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        if list.len() <= limit {
            return None;
        }
        list.truncate(limit);
        list.last().map(|row| {
            let (key, id) = position(row);
            cursor::encode(key, &id)
        })
    }
}
