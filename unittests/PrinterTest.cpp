//===- PrinterTest.cpp - parse(print(x)) is parse(x) ----------------------===//
//
// The structure of a module is compared without the printer's help: every
// statement as a signature built from the AST (operand trees node by node,
// tcgen05 qualifiers as a set, directive words), for the input and for its
// printed form.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Print/Printer.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/ThreadPool.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cctype>
#include <memory>

using namespace tcgen05;

namespace {

/// A leaf's token: its span may also cover grouping parentheses, a unary
/// '+', comments and line markers.
std::string stripParens(llvm::StringRef T) {
  if (T.starts_with("\""))
    return T.str();
  std::string S;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T.substr(I).starts_with("//") || T[I] == '#') {
      I = T.find('\n', I);
      if (I == llvm::StringRef::npos)
        break;
      continue;
    }
    if (T.substr(I).starts_with("/*")) {
      I = T.find("*/", I) + 1;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(T[I])) && T[I] != '(' &&
        T[I] != ')' && T[I] != '+')
      S += T[I];
  }
  return S;
}

std::string operandSig(const NodePool &P, const Operand &O) {
  std::string S = std::to_string(static_cast<int>(O.Kind));
  if (O.Op)
    S += O.Op;
  if (O.children().Count == 0 || O.Kind == OperandKind::Member) {
    S += ":" + stripParens(O.Kind == OperandKind::Member ? O.member().text()
                                                         : O.text());
  }
  if (O.children().Count) {
    S += "(";
    for (const Operand &C : P.operands(O.children()))
      S += operandSig(P, C) + ",";
    S += ")";
  }
  return S;
}

/// Words of a directive: blanks dropped, punctuation kept apart.
std::string wordsSig(llvm::StringRef T) {
  std::string S;
  bool PendingBlank = false;
  for (char C : T) {
    if (std::isspace(static_cast<unsigned char>(C))) {
      PendingBlank = true;
      continue;
    }
    bool Word = std::isalnum(static_cast<unsigned char>(C)) || C == '_' ||
                C == '$' || C == '%' || C == '.' || C == ':' || C == '"';
    bool PrevWord =
        !S.empty() && (std::isalnum(static_cast<unsigned char>(S.back())) ||
                       S.back() == '_' || S.back() == '$' || S.back() == '"');
    if (PendingBlank && Word && PrevWord)
      S += ' ';
    PendingBlank = false;
    S += C;
  }
  return S;
}

std::string declarationSig(const NodePool &P, const Declaration &D) {
  std::string S = D.Linkage.text().str() + "|" + D.Space.text().str();
  for (const Span &Q : P.qualifiers(D.Qualifiers))
    S += Q.text().str();
  S += "|" + std::to_string(D.Align);
  for (const Declarator &Dr : P.declarators(D.Declarators)) {
    S += "|" + Dr.Name.text().str() + "<" + std::to_string(Dr.RangeCount) +
         ">" + wordsSig(Dr.Dims.text());
    for (const Operand &O : P.operands(Dr.Init))
      S += "=" + operandSig(P, O);
  }
  return S;
}

std::string instructionSig(const Function &F, const Instruction &I) {
  std::string S = std::string(I.pred().Negated ? "!" : "") +
                  I.pred().Reg.text().str() + "|" + I.opcode().text().str();
  std::vector<std::string> Quals;
  for (const Span &Q : F.qualifiers(I.Qualifiers))
    Quals.push_back(Q.text().str());
  // The printer orders tcgen05 qualifiers; any order means the same.
  if (I.Tcgen05 != Instruction::NoTcgen05)
    std::sort(Quals.begin(), Quals.end());
  for (const std::string &Q : Quals)
    S += Q;
  for (const Operand &O : F.operands(I.Operands))
    S += "|" + operandSig(F, O);
  return S;
}

/// One line per statement of the module, bodies included.
std::vector<std::string> moduleSig(llvm::StringRef Text) {
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      llvm::MemoryBuffer::getMemBufferCopy(Text, "input");
  Module M;
  DiagnosticSink Sink;
  parseModule(Buf->getBuffer(), M, Sink);
  EXPECT_EQ(Sink.numErrors(), 0u);
  Tcgen05SyntaxParser T5;
  std::vector<std::string> Out;
  Out.push_back("version " + std::to_string(M.VersionMajor) + "." +
                std::to_string(M.VersionMinor));
  std::string Target = "target";
  for (const Span &N : M.Target.Names)
    Target += " " + N.text().str();
  Out.push_back(Target);
  Out.push_back("address_size " + std::to_string(M.AddressSize));
  for (const ModuleItem &It : M.Items) {
    switch (It.Kind) {
    case ItemKind::Version:
    case ItemKind::Target:
    case ItemKind::AddressSize:
      break;
    case ItemKind::Directive:
      Out.push_back("dir " + wordsSig(M.Directives[It.Index].Src.text()));
      break;
    case ItemKind::Global:
      Out.push_back("global " + declarationSig(M, M.Declarations[It.Index]));
      break;
    case ItemKind::Function: {
      Function &F = M.Functions[It.Index];
      std::string Head = "func " + F.Linkage.text().str() +
                         (F.IsEntry ? " entry " : " func ") +
                         F.Name.text().str();
      for (uint32_t R : F.Returns)
        Head += " ret:" + declarationSig(M, M.Declarations[R]);
      for (uint32_t P : F.Params)
        Head += " param:" + declarationSig(M, M.Declarations[P]);
      for (uint32_t D : F.PerfDirectives)
        Head += " perf:" + wordsSig(M.Directives[D].Src.text());
      Out.push_back(Head);
      parseFunctionBody(F, Sink, &T5);
      EXPECT_EQ(Sink.numErrors(), 0u) << F.Name.text().str();
      for (const Statement &St : F.Statements) {
        switch (St.Kind) {
        case StmtKind::Instruction:
          Out.push_back(instructionSig(F, F.Instructions[St.Index]));
          break;
        case StmtKind::Label:
          Out.push_back("label " + F.Labels[St.Index].text().str());
          break;
        case StmtKind::Declaration:
          Out.push_back("decl " + declarationSig(F, F.Declarations[St.Index]));
          break;
        case StmtKind::Directive:
          Out.push_back("dir " + wordsSig(F.Directives[St.Index].Src.text()));
          break;
        case StmtKind::ScopeBegin:
          Out.push_back("{");
          break;
        case StmtKind::ScopeEnd:
          Out.push_back("}");
          break;
        }
      }
      F.clearBody();
      break;
    }
    }
  }
  return Out;
}

std::string print(llvm::StringRef Text, unsigned Threads = 1,
                  size_t PieceStatements = size_t(1) << 16) {
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      llvm::MemoryBuffer::getMemBufferCopy(Text, "input");
  Module M;
  DiagnosticSink Sink;
  parseModule(Buf->getBuffer(), M, Sink);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::unique_ptr<llvm::ThreadPoolInterface> Pool = makeThreadPool(Threads);
  printModule(M, OS, Pool.get(), PieceStatements);
  return Out;
}

void expectRoundTrip(llvm::StringRef Text, const std::string &What) {
  std::string Once = print(Text);
  EXPECT_EQ(moduleSig(Text), moduleSig(Once)) << What;
  EXPECT_EQ(print(Once), Once) << What << ": printing is not idempotent";
}

TEST(PrinterTest, OperandsKeepTheirStructure) {
  expectRoundTrip(R"(.version 8.8
.target sm_100a
.address_size 64
.global .u32 a = 3 * ((1 << 4) + 2) - (5 - 1);
.global .u32 b = (7 - 2) - 1;
.global .u32 c = 7 - (2 - 1);
.global .u32 d = ~(1 | 2) & -3;
.global .u64 e = generic(b);
.global .align 4 .b8 f[2][3] = {{1, 2, 3}, {4, 5, 6}};
.extern .func (.param .b32 r) g(.param .b32 x);
.visible .entry k()
{
  .reg .b32 %r<4>;
  .reg .pred %p;
  mov.u32 %r1, %tid.x;
  shfl.sync.idx.b32 %r2|%p, %r1, 0, 31, -1;
  @!%p bra L;
  { .reg .b32 t; mov.b32 t, 0f3F800000; }
L:
  ret;
}
)",
                  "operands");
}

/// Grouping parentheses hold comments, line markers and a unary '+'; none of
/// them is part of the value, and printing must not carry them along.
TEST(PrinterTest, GroupedLeavesPrintTheirTokenOnly) {
  const char *Text = R"(.version 8.8
.target sm_100a
.address_size 64
.global .u32 a = ((5));
.global .u32 b = ((4))-1;
.global .u32 c = (+5);
.global .u32 d = (5 // five
);
.global .u32 e = -(5
# 7 "a.cu"
);
.visible .entry k()
{
  .reg .b32 %r<4>;
  mov.u32 %r1, (3 /* three */)*2;
  mov.u32 %r2, -(+3);
  mov.u32 %r3, (4);
  ret;
}
)";
  expectRoundTrip(Text, "grouped leaves");
  std::string Out = print(Text);
  for (const char *Line : {".global .u32 a = 5;\n", ".global .u32 b = 4-1;\n",
                           ".global .u32 c = 5;\n", ".global .u32 d = 5;\n",
                           ".global .u32 e = -5;\n", "\tmov.u32 %r1, 3*2;\n",
                           "\tmov.u32 %r2, -3;\n", "\tmov.u32 %r3, (4);\n"})
    EXPECT_NE(Out.find(Line), std::string::npos) << Line << " in\n" << Out;
}

TEST(PrinterTest, Tcgen05QualifiersFollowTheManual) {
  std::string Out = print(R"(.version 8.8
.target sm_100a
.address_size 64
.visible .entry k()
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  tcgen05.cp.128x256b.cta_group::1 [%r1], %rd1;
  tcgen05.shift.down.cta_group::2 [%r1];
  tcgen05.ld.red.sync.aligned.16x32bx2.x2.u32.max {%r1, %r2}, %r3, [%r0], 2;
}
)");
  EXPECT_NE(Out.find("\ttcgen05.cp.cta_group::1.128x256b [%r1], %rd1;\n"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("\ttcgen05.shift.cta_group::2.down [%r1];\n"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("tcgen05.ld.red.sync.aligned.16x32bx2.x2.max.u32 "),
            std::string::npos)
      << Out;
}

/// Real modules: the examples, and the shared corpus beside the project
/// when it is there (uncompressed files).
TEST(PrinterTest, FilesRoundTrip) {
  std::vector<std::string> Files;
  std::string Root = TCGEN05_SOURCE_DIR;
  for (const char *Rel :
       {"/examples/gemm_sm100a.ptx", "/test/Emit/canonical.ptx"})
    Files.push_back(Root + Rel);
  std::error_code EC;
  std::string Corpus = Root + "/../shared/corpus";
  for (llvm::sys::fs::recursive_directory_iterator It(Corpus, EC), End;
       !EC && It != End; It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".ptx")
      Files.push_back(It->path());
  unsigned Checked = 0;
  for (const std::string &Path : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf)
      continue;
    expectRoundTrip((*Buf)->getBuffer(), Path);
    // Bodies printed on threads come out the same.
    EXPECT_EQ(print((*Buf)->getBuffer(), 2), print((*Buf)->getBuffer(), 1))
        << Path;
    // And bodies printed a few statements at a time, each piece's pools
    // emptied before the next (scopes, labels with their prototypes).
    std::string Whole = print((*Buf)->getBuffer(), 1, 0);
    for (size_t Piece : {1, 2, 3})
      EXPECT_EQ(print((*Buf)->getBuffer(), 1, Piece), Whole)
          << Path << " in pieces of " << Piece;
    ++Checked;
  }
  EXPECT_GE(Checked, 2u);
}

} // namespace
