//===- Vocabulary.h - The checker's tables as JSON --------------*- C++ -*-===//
//
// The vocabulary the checker is built from, written as one JSON document:
// the tcgen05 forms, their qualifier words and operands, the opcodes and
// their properties, the other instructions' and wgmma's rows, and the
// diagnostic catalogue with the hazard lints.  Scripts and tools read this
// (tcgen05-check --dump-vocabulary) instead of parsing the .def files, so
// that a table's format can change without them.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_VOCABULARY_H
#define TCGEN05_SEMA_VOCABULARY_H

#include "llvm/Support/raw_ostream.h"

namespace tcgen05 {

/// The version of the document's layout; raised when a key changes meaning
/// or goes away (new keys do not raise it).
constexpr unsigned VocabularyFormat = 1;

/// Writes the vocabulary to OS, indented when Pretty.
void writeVocabulary(llvm::raw_ostream &OS, bool Pretty = true);

} // namespace tcgen05

#endif
