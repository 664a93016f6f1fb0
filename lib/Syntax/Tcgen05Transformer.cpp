//===- Tcgen05Transformer.cpp - Parse tree to Tcgen05Inst -----------------===//

#include "Tcgen05Transformer.h"

#include "Tcgen05SyntaxErrors.h"

#include "tcgen05/Basic/Suggest.h"

using namespace tcgen05;
using namespace tcgen05::syntax;

bool Tcgen05Transformer::transform(G::StatementContext *S) {
  Qualifiers.clear();
  Operands.clear();
  return transformInstruction(S->instruction());
}

bool Tcgen05Transformer::transformInstruction(G::InstructionContext *I) {
  if (auto *C = I->allocInst())
    return transformAlloc(C);
  if (auto *C = I->deallocInst())
    return transformDealloc(C);
  if (auto *C = I->relinquishInst())
    return transformRelinquish(C);
  if (auto *C = I->ldInst())
    return transformLd(C);
  if (auto *C = I->stInst())
    return transformSt(C);
  if (auto *C = I->waitInst())
    return transformWait(C);
  if (auto *C = I->cpInst())
    return transformCp(C);
  if (auto *C = I->shiftInst())
    return transformShift(C);
  if (auto *C = I->mmaInst())
    return transformMma(C);
  if (auto *C = I->mmaWsInst())
    return transformMmaWs(C);
  if (auto *C = I->fenceInst())
    return transformFence(C);
  if (auto *C = I->commitInst())
    return transformCommit(C);
  return transformUnknown(I->unknownInst());
}

bool Tcgen05Transformer::transformAlloc(G::AllocInstContext *I) {
  addName(I->ALLOC());
  transformQualifierList(I->qualifierList());
  addOperand(I->dst());
  addOperand(I->nCols());
  return commit(Tcgen05Opcode::Alloc);
}

bool Tcgen05Transformer::transformDealloc(G::DeallocInstContext *I) {
  addName(I->DEALLOC());
  transformQualifierList(I->qualifierList());
  addOperand(I->taddrValue());
  addOperand(I->nCols());
  return commit(Tcgen05Opcode::Dealloc);
}

bool Tcgen05Transformer::transformRelinquish(G::RelinquishInstContext *I) {
  addName(I->RELINQUISH_ALLOC_PERMIT());
  transformQualifierList(I->qualifierList());
  return commit(Tcgen05Opcode::RelinquishAllocPermit);
}

bool Tcgen05Transformer::transformLd(G::LdInstContext *I) {
  if (auto *Stray = I->strayRedVal())
    return error(Stray->start, Stray->stop,
                 DiagID::err_tcgen05_redval_needs_red);
  addName(I->LD());
  if (I->RED())
    addName(I->RED());
  transformQualifierList(I->qualifierList());
  addOperand(I->values());
  if (I->redVal())
    addOperand(I->redVal());
  addOperand(I->taddr());
  if (I->immHalfSplitoff())
    addOperand(I->immHalfSplitoff());
  return commit(Tcgen05Opcode::Ld);
}

bool Tcgen05Transformer::transformSt(G::StInstContext *I) {
  addName(I->ST());
  transformQualifierList(I->qualifierList());
  addOperand(I->taddr());
  if (I->immHalfSplitoff())
    addOperand(I->immHalfSplitoff());
  addOperand(I->values());
  return commit(Tcgen05Opcode::St);
}

bool Tcgen05Transformer::transformWait(G::WaitInstContext *I) {
  return transformNameOnly(I->waitName()->start, G::WAIT_OTHER,
                           Tcgen05Opcode::Wait, I->qualifierList());
}

bool Tcgen05Transformer::transformNameOnly(antlr4::Token *Word,
                                           size_t OtherToken, Tcgen05Opcode Op,
                                           G::QualifierListContext *Quals) {
  if (Word->getType() == OtherToken) {
    // The words that name the instruction's forms, from Tcgen05Forms.def:
    // ".wait::ld", ".wait::st".
    std::vector<std::string> Words;
    for (const Tcgen05FormSpelling &F : tcgen05FormSpellings())
      if (F.Opcode == Op)
        Words.push_back(F.Spelling.drop_front(F.Spelling.find('.')).str());
    return error(Word, Word, DiagID::err_tcgen05_expected_token,
                 {DiagArg::list(Words), describeToken(Word)});
  }
  addQualifier(Word, Tcgen05QualClass::Variant);
  transformQualifierList(Quals);
  return commit(Op);
}

bool Tcgen05Transformer::transformCp(G::CpInstContext *I) {
  addName(I->CP());
  transformQualifierList(I->qualifierList());
  addOperand(I->taddr());
  addOperand(I->sDesc());
  return commit(Tcgen05Opcode::Cp);
}

bool Tcgen05Transformer::transformShift(G::ShiftInstContext *I) {
  addName(I->SHIFT());
  transformQualifierList(I->qualifierList());
  addOperand(I->taddr());
  return commit(Tcgen05Opcode::Shift);
}

bool Tcgen05Transformer::transformMmaHead(G::MmaQualifierListContext *Quals,
                                          G::DTmemContext *D,
                                          G::AOperandContext *A,
                                          G::BDescContext *B,
                                          G::SpMetaTmemContext *SpMeta,
                                          G::IdescContext *Idesc) {
  transformMmaQualifierList(Quals);
  bool Sparse = !Quals->sparsity().empty();
  if (Sparse && !SpMeta)
    return error(Idesc->start, Idesc->stop,
                 DiagID::err_tcgen05_missing_variant_operand,
                 {findOperandRule(G::RuleSpMetaTmem)->Expected, "b-desc", ".sp",
                  describeToken(Idesc->start)});
  if (!Sparse && SpMeta)
    return error(SpMeta->start, SpMeta->stop,
                 DiagID::err_tcgen05_operand_without_variant,
                 {"[sp-meta-tmem]", ".sp"});
  addOperand(D);
  addOperand(A->aTmem() ? static_cast<antlr4::ParserRuleContext *>(A->aTmem())
                        : A->aDesc());
  addOperand(B);
  if (SpMeta)
    addOperand(SpMeta);
  addOperand(Idesc);
  return true;
}

bool Tcgen05Transformer::transformMma(G::MmaInstContext *I) {
  addName(I->MMA());
  if (!transformMmaHead(I->mmaQualifierList(), I->dTmem(), I->aOperand(),
                        I->bDesc(), I->spMetaTmem(), I->idesc()))
    return false;
  G::MmaTailContext *Tail = I->mmaTail();
  bool BlockScale = hasQualifier(Tcgen05QualClass::BlockScale);
  if (BlockScale && !Tail->scaleATmem())
    return error(Tail->start, Tail->start,
                 DiagID::err_tcgen05_missing_variant_operand,
                 {findOperandRule(G::RuleScaleATmem)->Expected, "idesc",
                  ".block_scale", describeToken(Tail->start)});
  if (!BlockScale && Tail->scaleATmem())
    return error(Tail->scaleATmem()->start, Tail->scaleBTmem()->stop,
                 DiagID::err_tcgen05_operand_without_variant,
                 {"[scale-A-tmem]", ".block_scale"});
  if (Tail->scaleATmem()) {
    addOperand(Tail->scaleATmem());
    addOperand(Tail->scaleBTmem());
  }
  if (Tail->disableOutputLane())
    addOperand(Tail->disableOutputLane());
  addOperand(Tail->enableInputD());
  if (Tail->scaleInputD())
    addOperand(Tail->scaleInputD());
  if (Tail->extraImm())
    addOperand(Tail->extraImm());
  return commit(Tcgen05Opcode::Mma);
}

bool Tcgen05Transformer::transformMmaWs(G::MmaWsInstContext *I) {
  addName(I->MMA());
  addName(I->WS());
  if (!transformMmaHead(I->mmaQualifierList(), I->dTmem(), I->aOperand(),
                        I->bDesc(), I->spMetaTmem(), I->idesc()))
    return false;
  addOperand(I->enableInputD());
  if (I->zeroColumnMaskDesc())
    addOperand(I->zeroColumnMaskDesc());
  return commit(Tcgen05Opcode::Mma);
}

bool Tcgen05Transformer::transformFence(G::FenceInstContext *I) {
  return transformNameOnly(I->fenceName()->start, G::FENCE_OTHER,
                           Tcgen05Opcode::Fence, I->qualifierList());
}

bool Tcgen05Transformer::transformCommit(G::CommitInstContext *I) {
  addName(I->COMMIT());
  transformQualifierList(I->qualifierList());
  addOperand(I->mbar());
  if (I->ctaMask())
    addOperand(I->ctaMask());
  return commit(Tcgen05Opcode::Commit);
}

bool Tcgen05Transformer::transformUnknown(G::UnknownInstContext *I) {
  // The word after 'tcgen05' is the child after the TCGEN05 token.
  auto *Word = dynamic_cast<antlr4::ParserRuleContext *>(I->children[1]);
  antlr4::Token *First =
      Word ? Word->start
           : static_cast<antlr4::tree::TerminalNode *>(I->children[1])
                 ->getSymbol();
  antlr4::Token *Last = Word ? Word->stop : First;
  llvm::SMRange Range(
      llvm::SMLoc::getFromPointer(at(First)),
      llvm::SMLoc::getFromPointer(Base + Last->getStopIndex() + 1));
  Diagnostic &D = Sink.report(DiagID::err_tcgen05_unknown_instruction, Range,
                              {"tcgen05" + First->getText()});
  // The word after 'tcgen05' names the instruction: '.comit' is '.commit'.
  llvm::SmallVector<std::string, 16> Names;
  for (const Tcgen05FormSpelling &F : tcgen05FormSpellings()) {
    llvm::StringRef Word =
        F.Spelling.drop_front(llvm::StringRef("tcgen05").size());
    Word = Word.substr(0, Word.find_first_of(".:", 1));
    if (!llvm::is_contained(Names, Word))
      Names.push_back(Word.str());
  }
  std::string Near =
      closestSpelling(First->getText(), Names, /*PreferTypos=*/true);
  if (!Near.empty() && First == Last)
    D.suggest(Range, Near);
  else
    D.note(DiagID::note_tcgen05_forms, llvm::SMRange(), {instructionList()});
  return false;
}

void Tcgen05Transformer::transformQualifierList(G::QualifierListContext *L) {
  for (G::QualifierContext *Q : L->qualifier())
    transformQualifier(Q);
}

void Tcgen05Transformer::transformMmaQualifierList(
    G::MmaQualifierListContext *L) {
  for (antlr4::tree::ParseTree *Child : L->children) {
    if (auto *Q = dynamic_cast<G::QualifierContext *>(Child))
      transformQualifier(Q);
    else if (auto *Sp = dynamic_cast<G::SparsityContext *>(Child))
      addQualifier(Sp->start, Tcgen05QualClass::Variant);
  }
}

void Tcgen05Transformer::transformQualifier(G::QualifierContext *Q) {
  antlr4::Token *Word = Q->start;
  std::optional<Tcgen05QualClass> Class =
      tcgen05QualifierClass(Word->getText());
  addQualifier(Word, Class ? *Class : Tcgen05QualClass::Unknown);
}

void Tcgen05Transformer::addName(antlr4::tree::TerminalNode *Word) {
  addQualifier(Word->getSymbol(), Tcgen05QualClass::Variant);
}

void Tcgen05Transformer::addQualifier(antlr4::Token *Word,
                                      Tcgen05QualClass Class) {
  Qualifiers.push_back({at(Word), Class});
}

void Tcgen05Transformer::addOperand(antlr4::ParserRuleContext *Ctx) {
  const OperandRule *Rule = findOperandRule(Ctx->getRuleIndex());
  Operands.push_back({at(Ctx->start), *Rule->Role});
}

bool Tcgen05Transformer::hasQualifier(Tcgen05QualClass Class) const {
  for (const PendingQualifier &Q : Qualifiers)
    if (Q.Class == Class)
      return true;
  return false;
}

bool Tcgen05Transformer::error(antlr4::Token *First, antlr4::Token *Last,
                               DiagID ID, std::vector<DiagArg> Args) {
  SyntaxProblem P;
  P.Begin = First->getStartIndex();
  P.End = Last->getStopIndex() + 1;
  P.ID = ID;
  P.Args = std::move(Args);
  reportSyntaxProblem(P, Base, Spelled, Sink);
  return false;
}

bool Tcgen05Transformer::commit(Tcgen05Opcode Op) {
  Instruction &I = F.Instructions[InstIndex];
  llvm::ArrayRef<Span> GenericQuals = F.qualifiers(I.Qualifiers);
  llvm::ArrayRef<Operand> GenericOps = F.operands(I.Operands);
  // Both parses split the same text the same way; a disagreement means the
  // generic parse saw something this grammar does not, so keep no result.
  bool Same = GenericQuals.size() == Qualifiers.size() &&
              GenericOps.size() == Operands.size();
  for (size_t K = 0; Same && K < Qualifiers.size(); ++K)
    Same = GenericQuals[K].Begin == Qualifiers[K].Begin;
  for (size_t K = 0; Same && K < Operands.size(); ++K)
    Same = GenericOps[K].src().Begin == Operands[K].Begin;
  if (!Same) {
    Diagnostic &D = Sink.report(DiagID::err_tcgen05_syntax, I.src().range(),
                                {Spelled.Name});
    addFormNotes(D, Spelled);
    return false;
  }

  Tcgen05Inst Inst;
  Inst.Opcode = Op;
  Inst.Instruction = InstIndex;
  Tcgen05Pool &Pool = F.Tcgen05Nodes;
  Inst.FirstQualifier = static_cast<uint32_t>(Pool.Qualifiers.size());
  Inst.NumQualifiers = static_cast<uint32_t>(Qualifiers.size());
  for (size_t K = 0; K < Qualifiers.size(); ++K)
    Pool.Qualifiers.push_back(
        {Qualifiers[K].Class, I.Qualifiers.First + static_cast<uint32_t>(K)});
  Inst.FirstOperand = static_cast<uint32_t>(Pool.Operands.size());
  Inst.NumOperands = static_cast<uint32_t>(Operands.size());
  for (size_t K = 0; K < Operands.size(); ++K)
    Pool.Operands.push_back(
        {Operands[K].Role, I.Operands.First + static_cast<uint32_t>(K)});
  I.Tcgen05 = static_cast<uint32_t>(F.Tcgen05.size());
  F.Tcgen05.push_back(Inst);
  return true;
}
