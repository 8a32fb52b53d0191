//! `referee rules`: the edition switches of rulesets, and the rule catalogue.

use super::ListFormat as Format;
use crate::data::catalogue::Catalogue;
use crate::expansion;
use crate::ruleset::Profile;
use crate::text::{escape_control as esc, markdown_cell, markdown_code, markdown_inline};
use comfy_table::{presets, ContentArrangement, Table};
use serde_json::json;

/// Every switch, with each profile's value and the citation for it.
pub fn switches(profiles: &[Profile], format: Format) -> String {
    match format {
        Format::Json => {
            let v: Vec<_> = profiles
                .iter()
                .map(|p| {
                    json!({
                        "ruleset": p.id,
                        "title": p.title,
                        "switches": expansion::all_switches().map(|s| {
                            let set = p.setting(s.name);
                            json!({
                                "switch": s.name,
                                "value": p.value(s),
                                "default": set.is_none(),
                                "source": set.map(|x| x.source.clone()),
                            })
                        }).collect::<Vec<_>>(),
                    })
                })
                .collect();
            super::json_text(&json!(v))
        }
        Format::Text | Format::Markdown => {
            let md = format == Format::Markdown;
            let mut s = String::new();
            for p in profiles {
                // A profile may be any file: its id, title, description and sources are escaped.
                if md {
                    s.push_str(&format!(
                        "### {}: {}\n\n{}\n\n| switch | value | source |\n|---|---|---|\n",
                        markdown_code(&p.id),
                        markdown_inline(&p.title),
                        markdown_inline(&p.description)
                    ));
                } else {
                    s.push_str(&format!("{}: {}\n  {}\n", esc(&p.id), esc(&p.title), esc(&p.description)));
                }
                for sw in expansion::all_switches() {
                    let value = p.value(sw);
                    let source = p
                        .setting(sw.name)
                        .map_or("(default: the profile does not set it)".to_string(), |x| x.source.to_string());
                    if md {
                        s.push_str(&format!(
                            "| `{}` | {} | {} |\n",
                            sw.name,
                            markdown_code(value),
                            markdown_cell(&source)
                        ));
                    } else {
                        s.push_str(&format!(
                            "  {} = {}\n      {}\n      {}: {}\n      source: {}\n",
                            sw.name,
                            esc(value),
                            sw.question,
                            esc(value),
                            sw.meaning(value),
                            esc(&source)
                        ));
                    }
                }
                s.push('\n');
            }
            s
        }
    }
}

/// Every rule id with its wording and source.
pub fn catalogue(cat: &Catalogue, format: Format) -> String {
    match format {
        Format::Json => {
            let v: Vec<_> = cat
                .entries()
                .map(|e| {
                    json!({
                        "id": e.id.as_str(),
                        "text": e.text,
                        "document": e.source.document,
                        "section": e.source.section,
                        "kind": e.source.kind.as_str(),
                        "date": e.source.date,
                        "rulings": e.rulings,
                    })
                })
                .collect();
            super::json_text(&json!(v))
        }
        Format::Markdown => {
            // A catalogue may be any file (`--data`): its wording and sources are escaped.
            let mut s = String::from("| rule | wording | source |\n|---|---|---|\n");
            for e in cat.entries() {
                s.push_str(&format!(
                    "| `{}` | {} | {} |\n",
                    e.id,
                    markdown_cell(&e.text),
                    markdown_cell(&e.citation())
                ));
            }
            s
        }
        Format::Text => {
            let mut t = Table::new();
            t.load_preset(presets::UTF8_FULL_CONDENSED)
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(120);
            t.set_header(vec!["rule", "wording", "source"]);
            for e in cat.entries() {
                t.add_row(vec![e.id.as_str().to_string(), esc(&e.text).into_owned(), esc(&e.citation()).into_owned()]);
            }
            format!("{t}\n")
        }
    }
}
