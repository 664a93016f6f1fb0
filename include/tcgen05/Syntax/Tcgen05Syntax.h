//===- Tcgen05Syntax.h - Structured parse of tcgen05 statements --*- C++
//-*-===//
//
// The boundary to the generated tcgen05 parser (grammar/).  Nothing of the
// parser generator's runtime appears here.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SYNTAX_TCGEN05SYNTAX_H
#define TCGEN05_SYNTAX_TCGEN05SYNTAX_H

#include <cstdint>
#include <memory>

namespace tcgen05 {

struct Function;
class DiagnosticSink;

/// The shapes of tcgen05 statements parsed so far (qualifiers, operand
/// forms) and what the grammar made of each, for parsers on many threads
/// and over many files: a statement of a known shape is not parsed again,
/// and the grammar's parse of one (a 128-register vector is hundreds of
/// thousands of instructions) dominates a run over many small files.
/// Thread-safe; the caller owns it and keeps it for as long as it likes.
class Tcgen05ShapeCache {
public:
  Tcgen05ShapeCache();
  ~Tcgen05ShapeCache();
  Tcgen05ShapeCache(const Tcgen05ShapeCache &) = delete;
  Tcgen05ShapeCache &operator=(const Tcgen05ShapeCache &) = delete;

  /// How many statements the grammar has parsed for parsers sharing this
  /// cache: every other statement of theirs was answered by it.
  uint64_t grammarParses() const;

private:
  friend class Tcgen05SyntaxParser;
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Parses tcgen05 statements that the generic statement parser has already
/// split into opcode, qualifiers and operands.  One instance per thread;
/// parsers on several threads may share one cache.
class Tcgen05SyntaxParser {
public:
  explicit Tcgen05SyntaxParser(Tcgen05ShapeCache *Shared = nullptr);
  ~Tcgen05SyntaxParser();
  Tcgen05SyntaxParser(const Tcgen05SyntaxParser &) = delete;
  Tcgen05SyntaxParser &operator=(const Tcgen05SyntaxParser &) = delete;

  /// Parses F.Instructions[InstIndex] (opcode 'tcgen05').  On success
  /// appends a Tcgen05Inst to F.Tcgen05, links it from the instruction and
  /// returns true.  On a syntax error reports it into Sink (at the offending
  /// token, with what was expected) and returns false.  Alone: the
  /// statement holds syntax that its operand tree does not show (a unary
  /// '+', a grouping's parentheses, a non-ASCII byte the PTX lexer passed
  /// over), so it is parsed from its text, not taken for a shape seen
  /// before.
  bool parse(Function &F, uint32_t InstIndex, DiagnosticSink &Sink,
             bool Alone = false);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace tcgen05

#endif
