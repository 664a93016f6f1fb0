//===- descriptor-plants.cpp - Descriptor constants and their plants ------===//
//
// Lists, for a PTX module, every descriptor constant the checker resolves
// at a tcgen05.mma or tcgen05.cp operand and, for each rule of the rule
// table that changing that one constant can break, the value that breaks
// it (made by the library: breakDescRule).  plant.py writes the copies.
//
// usage: descriptor-plants FILE|-
// output, one line each (tab-separated):
//   site CONSUMER_LINE DEF_LINE DESCRIPTOR LITERAL KIND CTA_GROUP TARGET
//   plant RULE TCnnnn NEW_VALUE
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Descriptors/DescriptorRules.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Lint/DescriptorCheck.h"
#include "tcgen05/Sema/ModuleChecks.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

unsigned lineOf(llvm::StringRef Buffer, const char *P) {
  return 1 + llvm::StringRef(Buffer.data(), P - Buffer.data()).count('\n');
}

/// The integer literal that gives the site its whole value: the operand
/// itself, or the source of the 'mov' that defines it; nothing otherwise.
const Operand *literal(const Function &F, const DescriptorSite &S) {
  uint64_t Mask = descBits(S.Kind) == 64 ? ~0ull : 0xFFFFFFFFull;
  const Operand *Lit = nullptr;
  if (S.Op->Kind == OperandKind::Integer) {
    Lit = S.Op;
  } else if (S.Def != DescriptorSite::NoDef) {
    const Instruction &I = F.Instructions[S.Def];
    if (I.opcode().text() == "mov" && I.Operands.Count == 2)
      Lit = &F.Operands[I.Operands.First + 1];
  }
  if (!Lit || Lit->Kind != OperandKind::Integer || Lit->Overflow ||
      (Lit->value() & Mask) != S.Value || S.Known != Mask)
    return nullptr;
  return Lit;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    llvm::errs() << "usage: descriptor-plants FILE|-\n";
    return 2;
  }
  auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Argv[1]);
  if (!Buf) {
    llvm::errs() << "cannot read " << Argv[1] << "\n";
    return 2;
  }
  llvm::StringRef Text = (*Buf)->getBuffer();
  Module M;
  DiagnosticSink Sink;
  parseModule(Text, M, Sink);
  checkModuleTarget(M, "", Sink);
  Tcgen05SyntaxParser T5;
  llvm::raw_ostream &OS = llvm::outs();
  for (Function &F : M.Functions) {
    parseFunctionBody(F, Sink, &T5);
    for (const DescriptorSite &S : collectDescriptorSites(M, F)) {
      const Operand *Lit = literal(F, S);
      if (!Lit)
        continue;
      static const char *const Names[] = {"idesc", "smem", "zcm"};
      OS << "site\t" << lineOf(Text, F.Instructions[S.Consumer].src().Begin)
         << "\t" << lineOf(Text, Lit->src().Begin) << "\t"
         << Names[static_cast<int>(S.Kind)] << "\t" << Lit->text() << "\t"
         << (S.Use.Kind ? S.Use.Kind->Kind : "-") << "\t" << S.Use.CtaGroup
         << "\t" << (S.Use.Target ? S.Use.Target->Name : "-") << "\n";
      for (const DescRule &R : descRules()) {
        if (R.Desc != S.Kind)
          continue;
        if (std::optional<uint64_t> Bad = breakDescRule(R, S.Value, S.Use))
          OS << "plant\t" << R.Name << "\t"
             << formatDiagCode(getDiagInfo(R.Diag).Code) << "\t"
             << llvm::format_hex(*Bad, descBits(S.Kind) / 4 + 2) << "\n";
      }
    }
  }
  return 0;
}
