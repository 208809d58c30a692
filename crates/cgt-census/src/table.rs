//! The table a census writes, by its file's extension: JSON lines
//! (`.jsonl`), or Parquet (`.parquet`) with a JSON-lines journal beside it.
//!
//! Resuming: the journal (the `.jsonl` table itself, or `FILE.parquet.journal.jsonl`)
//! gets each row as one whole line, appended and synced to the disk before
//! the next; a run stopped anywhere leaves whole rows and at most one torn
//! last line, which the next run cuts off ([`Journal::open`]) before it
//! skips the games the journal holds. A Parquet table is written at the end
//! from the journal's rows, to `FILE.tmp` and renamed over `FILE`, so it is
//! either the old table or the new one, never half; the journal stays, so
//! that a larger run can go on from it.

use crate::row::{Row, unquote};
use parquet::basic::{LogicalType, Repetition, Type as Physical};
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The kinds of table, by extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.jsonl`: one JSON object a line; the table is its own journal.
    Jsonl,
    /// `.parquet`: columns by key, written at the end from the journal.
    Parquet,
}

impl Format {
    /// The format of `out`, by its extension.
    ///
    /// # Errors
    /// One line when the extension is neither.
    pub fn of(out: &str) -> Result<Format, String> {
        if out.ends_with(".jsonl") {
            Ok(Format::Jsonl)
        } else if out.ends_with(".parquet") {
            Ok(Format::Parquet)
        } else {
            Err(format!(
                "--out expected a file ending in .jsonl or .parquet, found \"{out}\""
            ))
        }
    }
}

/// The journal of the table `out`: the rows done so far.
///
/// # Errors
/// As [`Format::of`].
pub fn journal_path(out: &str) -> Result<PathBuf, String> {
    Ok(match Format::of(out)? {
        Format::Jsonl => PathBuf::from(out),
        Format::Parquet => PathBuf::from(format!("{out}.journal.jsonl")),
    })
}

/// The rows done, appended one whole line at a time.
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens (or creates) the journal at `path`, cuts off a torn last line
    /// (one without its newline: a run stopped in the middle of writing
    /// it) and returns the rows it holds.
    ///
    /// # Errors
    /// The file cannot be read or written, or a whole line is not a row
    /// with a game (`FILE:LINE: …`).
    pub fn open(path: &Path) -> Result<(Journal, Vec<Row>), String> {
        let shown = path.display();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("{shown}: {e}"))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| format!("{shown}: {e}"))?;
        let whole = bytes
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
        if whole < bytes.len() {
            file.set_len(whole as u64)
                .and_then(|()| file.sync_data())
                .map_err(|e| format!("{shown}: cannot cut its torn last line: {e}"))?;
        }
        let text = String::from_utf8_lossy(&bytes[..whole]);
        let mut rows = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let row = Row::parse(line)
                .map_err(|e| format!("{shown}:{}: expected a census row: {e}", number + 1))?;
            if row.game().is_none() {
                return Err(format!(
                    "{shown}:{}: expected a census row with a \"game\"",
                    number + 1
                ));
            }
            rows.push(row);
        }
        let path = path.to_owned();
        Ok((Journal { file, path }, rows))
    }

    /// The journal at `path` opened to append, without reading it: for a
    /// writer that [`Journal::open`] has already read (a torn last line is
    /// cut there).
    ///
    /// # Errors
    /// The file cannot be opened (`FILE: …`).
    pub fn append_to(path: &Path) -> Result<Journal, String> {
        let file = OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Journal {
            file,
            path: path.to_owned(),
        })
    }

    /// Appends `row` as one line and syncs it to the disk.
    ///
    /// # Errors
    /// The write fails (`FILE: …`).
    pub fn append(&mut self, row: &Row) -> Result<(), String> {
        let mut line = row.to_json();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// Writes the finished table: for Parquet, `rows` to `out` (atomically:
/// `out.tmp`, then renamed); a JSON-lines table is already written.
///
/// # Errors
/// The file cannot be written (`FILE: …`).
pub fn finish(out: &str, rows: &[Row]) -> Result<(), String> {
    if Format::of(out)? == Format::Jsonl {
        return Ok(());
    }
    let tmp = format!("{out}.tmp");
    write_parquet(Path::new(&tmp), rows).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))
}

/// What a column holds, from every row's value of its key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    Int,
    Double,
    Bool,
    /// JSON strings, stored as their text.
    Text,
    /// Anything else (arrays, objects, mixed kinds), stored as JSON text.
    Json,
}

/// The kind of one JSON value (`None` for `null`).
fn kind(value: &str) -> Option<Column> {
    match value {
        "null" => None,
        "true" | "false" => Some(Column::Bool),
        _ if value.starts_with('"') => Some(Column::Text),
        _ if value.parse::<i64>().is_ok() => Some(Column::Int),
        _ if value.parse::<f64>().is_ok() => Some(Column::Double),
        _ => Some(Column::Json),
    }
}

/// The columns: every key in the order rows first show it, each of the
/// kind all its values share (integers with decimals: doubles; anything
/// else mixed: JSON text); all optional, a row without the key or with
/// `null` has no value there.
fn columns(rows: &[Row]) -> Vec<(String, Column)> {
    let mut columns: Vec<(String, Option<Column>)> = Vec::new();
    for row in rows {
        for (key, value) in &row.fields {
            let at = match columns.iter().position(|(k, _)| k == key) {
                Some(at) => at,
                None => {
                    columns.push((key.clone(), None));
                    columns.len() - 1
                }
            };
            let seen = &mut columns[at].1;
            *seen = match (*seen, kind(value)) {
                (seen, None) => seen,
                (None, new) => new,
                (Some(a), Some(b)) if a == b => Some(a),
                (Some(Column::Int | Column::Double), Some(Column::Int | Column::Double)) => {
                    Some(Column::Double)
                }
                _ => Some(Column::Json),
            };
        }
    }
    columns
        .into_iter()
        .map(|(key, kind)| (key, kind.unwrap_or(Column::Json)))
        .collect()
}

/// `rows` as a Parquet file at `path`, one row group, no compression.
fn write_parquet(path: &Path, rows: &[Row]) -> parquet::errors::Result<()> {
    let columns = columns(rows);
    let mut fields = Vec::with_capacity(columns.len());
    for (key, column) in &columns {
        let (physical, logical) = match column {
            Column::Int => (Physical::INT64, None),
            Column::Double => (Physical::DOUBLE, None),
            Column::Bool => (Physical::BOOLEAN, None),
            Column::Text | Column::Json => (Physical::BYTE_ARRAY, Some(LogicalType::String)),
        };
        let field = Type::primitive_type_builder(key, physical)
            .with_repetition(Repetition::OPTIONAL)
            .with_logical_type(logical)
            .build()?;
        fields.push(Arc::new(field));
    }
    let schema = Arc::new(
        Type::group_type_builder("census")
            .with_fields(fields)
            .build()?,
    );
    let file = File::create(path)?;
    let properties = Arc::new(WriterProperties::builder().build());
    let mut writer = SerializedFileWriter::new(file, schema, properties)?;
    let mut group = writer.next_row_group()?;
    let mut at = 0;
    while let Some(mut writer) = group.next_column()? {
        let (key, column) = &columns[at];
        at += 1;
        // Definition level 1: the row has a value; 0: null or no key.
        let present: Vec<Option<&str>> = rows
            .iter()
            .map(|row| row.get(key).filter(|v| *v != "null"))
            .collect();
        let levels: Vec<i16> = present.iter().map(|v| i16::from(v.is_some())).collect();
        let values = present.iter().flatten();
        match column {
            Column::Int => {
                let values: Vec<i64> = values.map(|v| v.parse().unwrap_or(0)).collect();
                writer
                    .typed::<Int64Type>()
                    .write_batch(&values, Some(&levels), None)?;
            }
            Column::Double => {
                let values: Vec<f64> = values.map(|v| v.parse().unwrap_or(f64::NAN)).collect();
                writer
                    .typed::<DoubleType>()
                    .write_batch(&values, Some(&levels), None)?;
            }
            Column::Bool => {
                let values: Vec<bool> = values.map(|v| *v == "true").collect();
                writer
                    .typed::<BoolType>()
                    .write_batch(&values, Some(&levels), None)?;
            }
            Column::Text | Column::Json => {
                let values: Vec<ByteArray> = values
                    .map(|v| {
                        let text = match column {
                            Column::Text => unquote(v).unwrap_or_else(|| (*v).to_owned()),
                            _ => (*v).to_owned(),
                        };
                        ByteArray::from(text.into_bytes())
                    })
                    .collect();
                writer
                    .typed::<ByteArrayType>()
                    .write_batch(&values, Some(&levels), None)?;
            }
        }
        writer.close()?;
    }
    group.close()?;
    writer.close()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_take_the_kind_every_value_shares() {
        let rows: Vec<Row> = [
            r#"{"game":"0.7","period":2,"seconds":0.5,"certified":true,"phi":[1]}"#,
            r#"{"game":"0.5","period":null,"seconds":1,"certified":false,"phi":"x"}"#,
            r#"{"game":"0.70","same_as":"0.7"}"#,
        ]
        .iter()
        .map(|l| Row::parse(l).unwrap())
        .collect();
        let kinds: Vec<(String, Column)> = columns(&rows);
        let expected = [
            ("game", Column::Text),
            ("period", Column::Int),
            ("seconds", Column::Double),
            ("certified", Column::Bool),
            ("phi", Column::Json),
            ("same_as", Column::Text),
        ];
        assert_eq!(kinds.len(), expected.len());
        for ((key, kind), (k, e)) in kinds.iter().zip(expected) {
            assert_eq!((key.as_str(), *kind), (k, e));
        }
    }

    #[test]
    fn a_parquet_table_reads_back_row_for_row() {
        use parquet::file::reader::{FileReader, SerializedFileReader};
        let rows: Vec<Row> = [
            r#"{"game":"0.7","period":2,"seconds":0.5,"certified":true,"phi":[1,2]}"#,
            r#"{"game":"0.70","same_as":"0.7"}"#,
            r#"{"game":"0.5","period":null,"seconds":1,"certified":false,"phi":"x"}"#,
        ]
        .iter()
        .map(|l| Row::parse(l).unwrap())
        .collect();
        let dir = std::env::temp_dir().join(format!("cgt-census-table-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("t.parquet");
        finish(out.to_str().unwrap(), &rows).unwrap();
        assert!(!dir.join("t.parquet.tmp").exists());
        let reader = SerializedFileReader::new(File::open(&out).unwrap()).unwrap();
        let read: Vec<String> = reader
            .get_row_iter(None)
            .unwrap()
            .map(|row| row.unwrap().to_string())
            .collect();
        assert_eq!(
            read,
            [
                r#"{game: "0.7", period: 2, seconds: 0.5, certified: true, phi: "[1,2]", same_as: null}"#,
                r#"{game: "0.70", period: null, seconds: null, certified: null, phi: null, same_as: "0.7"}"#,
                r#"{game: "0.5", period: null, seconds: 1.0, certified: false, phi: ""x"", same_as: null}"#,
            ]
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
