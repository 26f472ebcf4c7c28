//! The paging both employer lists share: a page's size and position read from the query, and
//! the cursor of the page after it.

use crate::error::ApiError;
use crate::feed::cursor;

/// A page's size as asked for, kept within `1..=max`; `default` when the client names none.
pub fn size(limit: Option<i64>, default: i64, max: i64) -> i64 {
    limit.unwrap_or(default).clamp(1, max)
}

/// The position a page starts after, or the 400 for a cursor this server did not write.
pub fn after(cursor: Option<&str>) -> Result<Option<(i64, String)>, ApiError> {
    cursor
        .map(|text| {
            cursor::decode(text).ok_or_else(|| ApiError::BadRequest("Invalid cursor".into()))
        })
        .transpose()
}

/// Cuts `list`, read with one row more than `limit`, to the page, and gives the cursor of
/// the next page when that row shows there is one; `position` is a row's sort key and id.
pub fn next_cursor<T>(
    list: &mut Vec<T>,
    limit: i64,
    position: impl Fn(&T) -> (i64, String),
) -> Option<String> {
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    if list.len() <= limit {
        return None;
    }
    list.truncate(limit);
    list.last().map(|row| {
        let (key, id) = position(row);
        cursor::encode(key, &id)
    })
}
