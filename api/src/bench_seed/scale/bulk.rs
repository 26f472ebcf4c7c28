//! Rows written in bulk: PostgreSQL's `COPY … FROM STDIN` in CSV, or SQLite's multi-row
//! `INSERT` (SQLite has no `COPY`), from one row type, so both engines get the same rows.

use std::fmt::Write as _;

use serde::Serialize;
use sqlx::AssertSqlSafe;
use sqlx::postgres::PgPoolCopyExt as _;
use sqlx::types::Json;

use crate::db::Db;

/// One value of a row.
#[derive(Debug, Clone)]
pub enum Cell {
    Null,
    Text(String),
    Int(i64),
    Real(f64),
    Bool(bool),
}

/// A row being built, with the same `push_bind` a multi-row insert's row has, so the jobs
/// area's own binding (`bind_job!`) fills it.
#[derive(Debug, Default)]
pub struct Row(pub Vec<Cell>);

impl Row {
    pub fn push_bind(&mut self, value: impl Into<Cell>) -> &mut Self {
        self.0.push(value.into());
        self
    }
}

impl From<String> for Cell {
    fn from(v: String) -> Self {
        Self::Text(v)
    }
}
impl From<&String> for Cell {
    fn from(v: &String) -> Self {
        Self::Text(v.clone())
    }
}
impl From<&str> for Cell {
    fn from(v: &str) -> Self {
        Self::Text(v.to_string())
    }
}
impl From<i64> for Cell {
    fn from(v: i64) -> Self {
        Self::Int(v)
    }
}
impl From<f64> for Cell {
    fn from(v: f64) -> Self {
        Self::Real(v)
    }
}
impl From<bool> for Cell {
    fn from(v: bool) -> Self {
        Self::Bool(v)
    }
}
impl<T: Serialize> From<Json<T>> for Cell {
    fn from(v: Json<T>) -> Self {
        Self::Text(serde_json::to_string(&v.0).unwrap_or_else(|_| "null".into()))
    }
}
impl<T: Into<Self>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Self {
        v.map_or(Self::Null, Into::into)
    }
}
impl<T: Clone + Into<Self>> From<&Option<T>> for Cell {
    fn from(v: &Option<T>) -> Self {
        v.clone().map_or(Self::Null, Into::into)
    }
}

/// A table and the columns its rows fill, in order.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub name: &'a str,
    pub columns: &'a str,
}

/// Writes `rows` into `table`.
pub async fn write(db: &Db, table: Table<'_>, rows: &[Row]) -> anyhow::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    match db {
        Db::Postgres { pool, .. } => {
            let mut csv = String::with_capacity(rows.len() * 256);
            for row in rows {
                csv_line(&mut csv, row);
            }
            let statement = format!(
                "COPY {} ({}) FROM STDIN WITH (FORMAT csv)",
                table.name, table.columns
            );
            let mut copy = pool.copy_in_raw(&statement).await?;
            copy.send(csv.into_bytes()).await?;
            copy.finish().await?;
        }
        Db::Sqlite { writer, .. } => {
            let per_row = rows[0].0.len().max(1);
            // Within SQLite's 32,766 bound values a statement.
            let rows_per_statement = (30_000 / per_row).max(1);
            let mut tx = writer.begin().await?;
            for chunk in rows.chunks(rows_per_statement) {
                let mut query = sqlx::QueryBuilder::<sqlx::Sqlite>::new(format!(
                    "INSERT INTO {} ({}) ",
                    table.name, table.columns
                ));
                query.push_values(chunk, |mut b, row| {
                    for cell in &row.0 {
                        match cell {
                            Cell::Null => b.push_bind(None::<String>),
                            Cell::Text(v) => b.push_bind(v.clone()),
                            Cell::Int(v) => b.push_bind(*v),
                            Cell::Real(v) => b.push_bind(*v),
                            Cell::Bool(v) => b.push_bind(*v),
                        };
                    }
                });
                query.build().execute(&mut *tx).await?;
            }
            tx.commit().await?;
        }
    }
    Ok(())
}

/// One CSV line of `row` as `COPY` reads it: an unquoted empty field is NULL, a quoted one
/// an empty text.
fn csv_line(out: &mut String, row: &Row) {
    for (i, cell) in row.0.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match cell {
            Cell::Null => {}
            Cell::Text(v) => {
                out.push('"');
                out.push_str(&v.replace('"', "\"\""));
                out.push('"');
            }
            Cell::Int(v) => {
                let _ = write!(out, "{v}");
            }
            Cell::Real(v) => {
                let _ = write!(out, "{v}");
            }
            Cell::Bool(v) => out.push_str(if *v { "t" } else { "f" }),
        }
    }
    out.push('\n');
}

/// The secondary indexes of `tables` (those no constraint owns) as `CREATE INDEX` statements.
/// On PostgreSQL they are dropped for the load and built again after it, each built once
/// from sorted rows rather than grown row by row; SQLite keeps its own.
pub async fn drop_secondary_indexes(db: &Db, tables: &[&str]) -> anyhow::Result<Vec<String>> {
    let Db::Postgres { pool, .. } = db else {
        return Ok(Vec::new());
    };
    let tables: Vec<String> = tables.iter().map(|t| (*t).to_string()).collect();
    let indexes: Vec<(String, String)> = sqlx::query_as(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' \
         AND tablename = ANY($1) AND indexname NOT IN (SELECT conname FROM pg_constraint)",
    )
    .bind(&tables)
    .fetch_all(pool)
    .await?;
    for (name, _) in &indexes {
        sqlx::query(AssertSqlSafe(format!("DROP INDEX \"{name}\"")))
            .execute(pool)
            .await?;
    }
    Ok(indexes.into_iter().map(|(_, def)| def).collect())
}

/// Builds the indexes [`drop_secondary_indexes`] dropped.
pub async fn create_indexes(db: &Db, definitions: &[String]) -> anyhow::Result<()> {
    let Db::Postgres { pool, .. } = db else {
        return Ok(());
    };
    let mut conn = pool.acquire().await?;
    sqlx::query("SET maintenance_work_mem = '1GB'")
        .execute(&mut *conn)
        .await?;
    for definition in definitions {
        sqlx::query(AssertSqlSafe(definition.clone()))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
