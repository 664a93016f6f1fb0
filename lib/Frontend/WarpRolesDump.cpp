//===- WarpRolesDump.cpp - The warp roles of a module's kernels -----------===//

#include "tcgen05/Frontend/WarpRolesDump.h"

#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Analysis/WarpRoles.h"
#include "tcgen05/Basic/Demangle.h"
#include "tcgen05/Lint/HazardCheck.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/Support/SourceMgr.h"

using namespace tcgen05;

CheckStatus tcgen05::dumpWarpRoles(llvm::StringRef Path, llvm::SourceMgr &SM,
                                   DiagnosticsEngine &Engine,
                                   const CheckOptions &Opts,
                                   llvm::raw_ostream &OS) {
  unsigned ID = 0;
  CheckStatus S =
      loadFile(Path, SM, Engine, ID, Opts.MaxInputSize, Opts.StdinName);
  if (S != CheckStatus::Clean)
    return S;
  return dumpWarpRolesOfBuffer(SM, ID, Path, Engine, OS);
}

CheckStatus tcgen05::dumpWarpRolesOfBuffer(llvm::SourceMgr &SM, unsigned ID,
                                           llvm::StringRef Path,
                                           DiagnosticsEngine &Engine,
                                           llvm::raw_ostream &OS) {
  llvm::StringRef Text = SM.getMemoryBuffer(ID)->getBuffer();
  Module M;
  DiagnosticSink Sink;
  parseModule(Text, M, Sink);
  Tcgen05ShapeCache Shapes;
  Tcgen05SyntaxParser T5(&Shapes);
  for (Function &F : M.Functions) {
    if (!F.HasBody)
      continue;
    parseFunctionBody(F, Sink, &T5);
    if (F.Tcgen05.empty()) {
      F.clearBody();
      continue;
    }
    FunctionAnalyses A(F, FunctionEnv::of(M, F));
    WarpRoles Roles(F, A.cfg(), A.uniformity(), A.env().Cta.Warps);
    OS << Path << ": '" << readableFunctionName(F.Name.text()) << "', "
       << Roles.numWarps() << " warps"
       << (Roles.specialized() ? "" : ", no branch on the warp or the CTA rank")
       << "\n";
    for (const Tcgen05Inst &T : F.Tcgen05) {
      const Instruction &I = F.Instructions[T.Instruction];
      std::string Name = I.opcode().text().str();
      for (const Span &Q : F.qualifiers(I.Qualifiers))
        Name += Q.text().str();
      unsigned Line = SM.FindLineNumber(I.src().range().Start, ID);
      OS << "  line " << Line << ": " << Name << ": "
         << Roles.atInstruction(T.Instruction).str()
         << (A.uniformity().isSingleThreadInst(T.Instruction)
                 ? ", one thread each"
                 : "")
         << "\n";
    }
    if (F.IsEntry)
      dumpMbarriers(
          F, A,
          [&](uint32_t I) {
            return SM.FindLineNumber(F.Instructions[I].src().range().Start, ID);
          },
          OS);
    F.clearBody();
  }
  unsigned Errors = Engine.numErrors();
  Engine.emitAll(&SM, Sink.diagnostics());
  return Engine.numErrors() > Errors ? CheckStatus::Errors : CheckStatus::Clean;
}
