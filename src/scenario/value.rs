//! A YAML value kept whole, for keys the base game does not know: an expansion's vocabulary
//! reads it into its own types later (`Value` is itself a serde `Deserializer`), and locates
//! what is wrong in it by its path in the file.

use serde::de::{self, value::Error, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    /// An integer beyond `i64` (kept so that a vocabulary can refuse it by name).
    Big(u64),
    Float(f64),
    Str(String),
    Seq(Vec<Value>),
    Map(Vec<(String, Value)>),
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
                Value::deserialize(d)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Value, E> {
                Ok(Value::Bool(b))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Value, E> {
                Ok(Value::Int(n))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Value, E> {
                Ok(i64::try_from(n).map_or(Value::Big(n), Value::Int))
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Value, E> {
                Ok(Value::Float(x))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
                Ok(Value::Str(s.to_string()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Value, E> {
                Ok(Value::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(Value::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
                let mut v = Vec::new();
                while let Some((k, x)) = a.next_entry::<String, Value>()? {
                    v.push((k, x));
                }
                Ok(Value::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Big(n) => write!(f, "{n}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Str(s) => f.write_str(s),
            Value::Seq(_) => f.write_str("a list"),
            Value::Map(_) => f.write_str("a map"),
        }
    }
}

impl<'de> Deserializer<'de> for Value {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => v.visit_unit(),
            Value::Bool(b) => v.visit_bool(b),
            Value::Int(n) => v.visit_i64(n),
            Value::Big(n) => v.visit_u64(n),
            Value::Float(x) => v.visit_f64(x),
            Value::Str(s) => v.visit_string(s),
            Value::Seq(items) => v.visit_seq(de::value::SeqDeserializer::new(items.into_iter())),
            Value::Map(entries) => v.visit_map(de::value::MapDeserializer::new(entries.into_iter())),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => v.visit_none(),
            other => v.visit_some(other),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl IntoDeserializer<'_, Error> for Value {
    type Deserializer = Value;
    fn into_deserializer(self) -> Value {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct T {
        at: Vec<i64>,
        #[serde(default)]
        city: Option<String>,
    }

    #[test]
    fn a_kept_value_reads_into_a_typed_struct() {
        let v = Value::Map(vec![("at".into(), Value::Seq(vec![Value::Int(1), Value::Int(-2)]))]);
        assert_eq!(T::deserialize(v).unwrap(), T { at: vec![1, -2], city: None });
        let bad = Value::Map(vec![("x".into(), Value::Int(1))]);
        assert!(T::deserialize(bad).unwrap_err().to_string().contains("unknown field `x`"));
    }
}
