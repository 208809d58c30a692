//! Generators, first words and relations of a quotient, in MisereSolver's
//! notation (see the module doc of `misere_quotient` for the orders).

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;

/// Exponents of the generators a, b, c, … in a word.
type Word = Vec<u32>;

/// The words of a quotient's elements and its relations.
#[derive(Clone, Debug)]
pub(crate) struct Presentation {
    /// The generators' elements, in order (a, b, …).
    generators: Vec<u32>,
    /// The first word of each element.
    first: Vec<Word>,
    /// The relations (left word, right word), in the order they are listed.
    relations: Vec<(Word, Word)>,
}

/// Degree first, then the greater exponent of a, then of b, …, first.
fn word_order(x: &Word, y: &Word) -> Ordering {
    let degree = |w: &Word| w.iter().map(|&e| u64::from(e)).sum::<u64>();
    degree(x).cmp(&degree(y)).then_with(|| y.cmp(x))
}

fn divides(small: &Word, large: &Word) -> bool {
    small.iter().zip(large).all(|(s, l)| s <= l)
}

impl Presentation {
    /// Generators: each heap's class (heaps in order) that is not a product
    /// of the earlier ones. Then the words of each degree in order: a word
    /// whose every divisor is a first word and whose element is new is the
    /// first word of its element; one whose element is not new is the left
    /// side of a relation.
    pub fn new(order: usize, mul: &[u32], phi: &[u32], _p: &[bool]) -> Self {
        let product = |x: u32, y: u32| mul[x as usize * order + y as usize];
        let mut generators: Vec<u32> = Vec::new();
        let mut reached = vec![false; order];
        reached[0] = true;
        for &x in phi.iter().skip(1) {
            if reached[x as usize] {
                continue;
            }
            generators.push(x);
            // The submonoid the generators so far generate.
            let mut queue: Vec<u32> = (0..order as u32).filter(|&e| reached[e as usize]).collect();
            let mut at = 0;
            while at < queue.len() {
                let e = queue[at];
                at += 1;
                for &g in &generators {
                    let f = product(e, g);
                    if !reached[f as usize] {
                        reached[f as usize] = true;
                        queue.push(f);
                    }
                }
            }
        }
        let rank = generators.len();
        let mut first: Vec<Option<Word>> = vec![None; order];
        first[0] = Some(vec![0; rank]);
        let mut relations: Vec<(Word, Word)> = Vec::new();
        let mut layer: Vec<(Word, u32)> = vec![(vec![0; rank], 0)];
        while !layer.is_empty() {
            let mut candidates: BTreeSet<Word> = BTreeSet::new();
            let mut element_of: Vec<(Word, u32)> = Vec::new();
            for (word, element) in &layer {
                for (i, &g) in generators.iter().enumerate() {
                    let mut next = word.clone();
                    next[i] += 1;
                    if candidates.insert(next.clone()) {
                        element_of.push((next, product(*element, g)));
                    }
                }
            }
            element_of.sort_by(|x, y| word_order(&x.0, &y.0));
            let mut next_layer = Vec::new();
            for (word, element) in element_of {
                if relations.iter().any(|(left, _)| divides(left, &word)) {
                    continue;
                }
                match &first[element as usize] {
                    Some(earlier) => relations.push((word, earlier.clone())),
                    None => {
                        first[element as usize] = Some(word.clone());
                        next_layer.push((word, element));
                    }
                }
            }
            layer = next_layer;
        }
        relations.sort_by(|x, y| y.0.cmp(&x.0));
        Self {
            generators,
            first: first.into_iter().map(Option::unwrap_or_default).collect(),
            relations,
        }
    }

    pub fn relations(&self) -> &[(Word, Word)] {
        &self.relations
    }

    pub fn first_words(&self) -> &[Word] {
        &self.first
    }

    pub fn generators(&self) -> &[u32] {
        &self.generators
    }

    /// Every element, in the order of its first word.
    pub fn elements_in_order(&self) -> impl Iterator<Item = u32> + '_ {
        let mut order: Vec<u32> = (0..self.first.len() as u32).collect();
        order.sort_by(|&x, &y| word_order(&self.first[x as usize], &self.first[y as usize]));
        order.into_iter()
    }

    pub fn word(&self, element: u32) -> String {
        write_word(&self.first[element as usize])
    }
}

/// The name of generator i: a…z, then A…Z, then g53, g54, ….
fn letter(i: usize) -> String {
    match i {
        0..=25 => char::from(b'a' + i as u8).to_string(),
        26..=51 => char::from(b'A' + (i - 26) as u8).to_string(),
        _ => format!("g{}", i + 1),
    }
}

fn write_word(word: &Word) -> String {
    let mut text = String::new();
    for (i, &e) in word.iter().enumerate() {
        if e > 0 {
            text.push_str(&letter(i));
            if e > 1 {
                text.push_str(&e.to_string());
            }
        }
    }
    if text.is_empty() {
        text.push('1');
    }
    text
}

impl fmt::Display for Presentation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = (0..self.generators.len()).map(letter).collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{}={}", write_word(l), write_word(r)))
            .collect();
        if relations.is_empty() {
            write!(f, "<{}>", names.join(","))
        } else {
            write!(f, "<{} | {}>", names.join(","), relations.join(","))
        }
    }
}
