//===- Tcgen05Transformer.h - Parse tree to Tcgen05Inst ---------*- C++ -*-===//
//
// Walks the tree of one statement that parsed, classifies its qualifiers and
// names its operands, and ties both back to the generic parse's pools by
// source position.  Also rejects the few shapes the grammar accepts on
// purpose so that they get a specific message: an unknown instruction name,
// a redval without .red, and operands that disagree with .sp or
// .block_scale.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SYNTAX_TCGEN05TRANSFORMER_H
#define TCGEN05_LIB_SYNTAX_TCGEN05TRANSFORMER_H

#include "Tcgen05Grammar.h"

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace tcgen05 {

namespace syntax {

class Tcgen05Transformer {
public:
  /// Base is the source address of character 0 of the parsed text.
  Tcgen05Transformer(Function &F, uint32_t InstIndex, const char *Base,
                     const SpelledInstruction &Spelled, DiagnosticSink &Sink)
      : F(F), InstIndex(InstIndex), Base(Base), Spelled(Spelled), Sink(Sink) {}

  /// Appends the Tcgen05Inst and links it, or reports why not.
  bool transform(G::StatementContext *S);

private:
  struct PendingQualifier {
    const char *Begin;
    Tcgen05QualClass Class;
  };
  struct PendingOperand {
    const char *Begin;
    Tcgen05OperandRole Role;
  };

  bool transformInstruction(G::InstructionContext *I);
  bool transformAlloc(G::AllocInstContext *I);
  bool transformDealloc(G::DeallocInstContext *I);
  bool transformRelinquish(G::RelinquishInstContext *I);
  bool transformLd(G::LdInstContext *I);
  bool transformSt(G::StInstContext *I);
  /// wait::ld/st and the fences: a name word and qualifiers, no operands.
  bool transformNameOnly(antlr4::Token *Word, size_t OtherToken,
                         Tcgen05Opcode Op, G::QualifierListContext *Quals);
  bool transformWait(G::WaitInstContext *I);
  bool transformCp(G::CpInstContext *I);
  bool transformShift(G::ShiftInstContext *I);
  bool transformMma(G::MmaInstContext *I);
  bool transformMmaWs(G::MmaWsInstContext *I);
  bool transformFence(G::FenceInstContext *I);
  bool transformCommit(G::CommitInstContext *I);
  bool transformUnknown(G::UnknownInstContext *I);

  void transformQualifierList(G::QualifierListContext *L);
  void transformMmaQualifierList(G::MmaQualifierListContext *L);
  void transformQualifier(G::QualifierContext *Q);
  /// Operands common to tcgen05.mma and tcgen05.mma.ws, and the check that
  /// [sp-meta-tmem] appears exactly when .sp does.
  bool transformMmaHead(G::MmaQualifierListContext *Quals, G::DTmemContext *D,
                        G::AOperandContext *A, G::BDescContext *B,
                        G::SpMetaTmemContext *SpMeta, G::IdescContext *Idesc);

  void addName(antlr4::tree::TerminalNode *Word);
  void addQualifier(antlr4::Token *Word, Tcgen05QualClass Class);
  void addOperand(antlr4::ParserRuleContext *Ctx);
  bool hasQualifier(Tcgen05QualClass Class) const;

  /// Reports ID over [First, Last] with the form notes; Args follow the
  /// instruction's name.
  bool error(antlr4::Token *First, antlr4::Token *Last, DiagID ID,
             std::vector<DiagArg> Args = {});
  /// Moves the pending qualifiers and operands into the function's pools.
  bool commit(Tcgen05Opcode Op);

  const char *at(antlr4::Token *T) const { return Base + T->getStartIndex(); }

  Function &F;
  uint32_t InstIndex;
  const char *Base;
  const SpelledInstruction &Spelled;
  DiagnosticSink &Sink;
  std::vector<PendingQualifier> Qualifiers;
  std::vector<PendingOperand> Operands;
};

} // namespace syntax
} // namespace tcgen05

#endif
