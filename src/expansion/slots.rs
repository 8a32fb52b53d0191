//! Each expansion's own typed data (its options, its pieces, its actions), held by the
//! engine without knowing their types: a new expansion adds its own types in its own folder
//! and touches no shared struct. Each expansion reads back only the types it defines.

use std::any::{Any, TypeId};
use std::fmt;

/// A value an expansion keeps in a [`Slots`] or a move: any type that can be cloned,
/// compared and printed.
pub trait Slot: Any + fmt::Debug + Send + Sync {
    fn clone_slot(&self) -> Box<dyn Slot>;
    fn eq_slot(&self, other: &dyn Slot) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any + fmt::Debug + Clone + PartialEq + Send + Sync> Slot for T {
    fn clone_slot(&self) -> Box<dyn Slot> {
        Box::new(self.clone())
    }
    fn eq_slot(&self, other: &dyn Slot) -> bool {
        other.as_any().downcast_ref::<T>().is_some_and(|o| o == self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn Slot> {
    fn clone(&self) -> Self {
        (**self).clone_slot()
    }
}

impl PartialEq for Box<dyn Slot> {
    fn eq(&self, other: &Self) -> bool {
        (**self).eq_slot(&**other)
    }
}

impl Eq for Box<dyn Slot> {}

/// At most one value of each type, found by its type (kept beside it, so that finding one
/// compares type ids, not asks each value).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slots(Vec<(TypeId, Box<dyn Slot>)>);

impl Slots {
    /// Keeps `value`, replacing one of the same type.
    pub fn insert<T: Slot>(&mut self, value: T) {
        let id = TypeId::of::<T>();
        match self.0.iter_mut().find(|(t, _)| *t == id) {
            Some((_, s)) => *s = Box::new(value),
            None => self.0.push((id, Box::new(value))),
        }
    }

    pub fn get<T: Slot>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.0.iter().find(|(t, _)| *t == id).and_then(|(_, s)| (**s).as_any().downcast_ref::<T>())
    }

    pub fn get_mut<T: Slot>(&mut self) -> Option<&mut T> {
        let id = TypeId::of::<T>();
        self.0.iter_mut().find(|(t, _)| *t == id).and_then(|(_, s)| (**s).as_any_mut().downcast_mut::<T>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct A(u8);
    #[derive(Clone, Debug, PartialEq)]
    struct B(&'static str);

    #[test]
    fn one_value_per_type_compared_and_cloned() {
        let mut s = Slots::default();
        s.insert(A(1));
        s.insert(B("x"));
        s.insert(A(2));
        assert_eq!(s.get::<A>(), Some(&A(2)));
        s.get_mut::<B>().unwrap().0 = "y";
        let t = s.clone();
        assert_eq!(s, t);
        s.insert(A(3));
        assert_ne!(s, t);
    }
}
