//===- Tcgen05Syntax.h - Structured parse of tcgen05 statements --*- C++ -*-===//
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

/// Parses tcgen05 statements that the generic statement parser has already
/// split into opcode, qualifiers and operands.  One instance per thread.
class Tcgen05SyntaxParser {
public:
  Tcgen05SyntaxParser();
  ~Tcgen05SyntaxParser();
  Tcgen05SyntaxParser(const Tcgen05SyntaxParser &) = delete;
  Tcgen05SyntaxParser &operator=(const Tcgen05SyntaxParser &) = delete;

  /// Parses F.Instructions[InstIndex] (opcode 'tcgen05').  On success
  /// appends a Tcgen05Inst to F.Tcgen05, links it from the instruction and
  /// returns true.  On a syntax error reports it into Sink (at the offending
  /// token, with what was expected) and returns false.
  bool parse(Function &F, uint32_t InstIndex, DiagnosticSink &Sink);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace tcgen05

#endif
