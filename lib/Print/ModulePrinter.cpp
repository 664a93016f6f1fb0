//===- ModulePrinter.cpp - Print a module in canonical form ---------------===//
//
// Layout: the module header, then each top-level item in source order, a
// blank line before each function; in bodies one statement per line, a tab
// per open scope, labels at the margin.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Print/Printer.h"

#include "SuppressionComments.h"

#include "TokenPrinter.h"
#include "tcgen05/Sema/Tcgen05Spelling.h"

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>

using namespace tcgen05;

namespace {

void printList(const NodePool &P, IndexRange R, llvm::raw_ostream &OS) {
  bool First = true;
  for (const Operand &C : P.operands(R)) {
    if (!First)
      OS << ", ";
    printOperand(P, C, OS);
    First = false;
  }
}

/// Does the directive end in ';' (as opposed to a line break)?
bool needsSemi(llvm::StringRef Name) {
  return Name == ".pragma" || Name == ".callprototype" || Name == ".alias" ||
         Name == ".branchtargets";
}

void printDirective(const DirectiveStmt &D, llvm::StringRef Indent,
                    llvm::raw_ostream &OS) {
  OS << Indent;
  printTokens(D.Src, OS);
  llvm::StringRef Text = D.Src.text().rtrim();
  if (needsSemi(D.Name.text()) && !Text.ends_with(";"))
    OS << ';';
  OS << '\n';
}

void printDeclaration(const NodePool &P, const Declaration &D,
                      llvm::raw_ostream &OS) {
  if (D.Linkage.valid())
    OS << D.Linkage.text() << ' ';
  OS << D.Space.text();
  for (const Span &Q : P.qualifiers(D.Qualifiers)) {
    OS << ' ';
    printTokens(Q, OS); // .attribute(.managed) is one qualifier
    if (Q.text() == ".align")
      OS << ' ' << D.Align;
  }
  bool First = true;
  for (const Declarator &Dr : P.declarators(D.Declarators)) {
    OS << (First ? " " : ", ") << Dr.Name.text();
    First = false;
    if (Dr.IsRange)
      OS << '<' << Dr.RangeCount << '>';
    if (Dr.Dims.valid())
      printTokens(Dr.Dims, OS);
    if (Dr.Init.Count) {
      OS << " = ";
      printList(P, Dr.Init, OS);
    }
  }
}

/// The qualifiers of a tcgen05 instruction in the manual's order; others
/// as written.
void printQualifiers(const Function &F, const Instruction &I,
                     llvm::raw_ostream &OS) {
  if (I.Tcgen05 == Instruction::NoTcgen05) {
    for (const Span &Q : F.qualifiers(I.Qualifiers))
      OS << Q.text();
    return;
  }
  const Tcgen05Inst &T = F.Tcgen05[I.Tcgen05];
  llvm::SmallVector<const Tcgen05Qualifier *, 12> Quals;
  for (uint32_t K = 0; K < T.NumQualifiers; ++K)
    Quals.push_back(&F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K]);
  std::stable_sort(Quals.begin(), Quals.end(),
                   [](const Tcgen05Qualifier *A, const Tcgen05Qualifier *B) {
                     return tcgen05QualifierRank(A->Class) <
                            tcgen05QualifierRank(B->Class);
                   });
  for (const Tcgen05Qualifier *Q : Quals)
    OS << F.Qualifiers[Q->Qualifier].text();
}

void printInstruction(const Function &F, const Instruction &I,
                      llvm::raw_ostream &OS) {
  if (Guard G = I.pred(); G.Reg.valid())
    OS << '@' << (G.Negated ? "!" : "") << G.Reg.text() << ' ';
  OS << I.opcode().text();
  printQualifiers(F, I, OS);
  if (I.Operands.Count) {
    OS << ' ';
    printList(F, I.Operands, OS);
  }
  OS << ";\n";
}

/// Prints a body's statements as they come, a piece at a time.
class StatementPrinter {
public:
  StatementPrinter(const Function &F, const SuppressionComments &Kept,
                   llvm::raw_ostream &OS)
      : F(F), Kept(Kept), OS(OS) {}
  /// Prints the statements F's pools hold now.
  void print();

private:
  const Function &F;
  const SuppressionComments &Kept;
  llvm::raw_ostream &OS;
  std::string Indent = "\t";
};

/// Parses F's body into Work, a copy of F whose storage is reused from one
/// function to the next, and prints it a piece at a time: a long body's
/// AST is never alive all at once.
void renderBody(const Function &F, Function &Work, Tcgen05SyntaxParser &T5,
                const SuppressionComments &Kept, llvm::raw_ostream &OS,
                size_t PieceStatements) {
  DiagnosticSink Discard;
  Work = F;
  StatementPrinter Printer(Work, Kept, OS);
  auto Piece = [&] {
    Printer.print();
    Work.clearBody();
    return true;
  };
  OS << "{\n";
  parseFunctionBody(Work, Discard, &T5, {},
                    BodySegments{PieceStatements, Piece});
  Printer.print();
  OS << "}\n";
}

class ModulePrinter {
public:
  /// Bodies, when given, holds each function's body already printed.
  ModulePrinter(const Module &M, const SuppressionComments &Kept,
                llvm::raw_ostream &OS, const std::vector<std::string> *Bodies,
                size_t PieceStatements)
      : M(M), Kept(Kept), OS(OS), Bodies(Bodies),
        PieceStatements(PieceStatements) {}
  void run();

private:
  void printTarget();
  void printFunction(size_t Index);
  void printParams(llvm::ArrayRef<uint32_t> Decls, bool Multiline);

  const Module &M;
  const SuppressionComments &Kept;
  llvm::raw_ostream &OS;
  const std::vector<std::string> *Bodies;
  size_t PieceStatements;
  Tcgen05SyntaxParser T5;
  Function Scratch;
};

void ModulePrinter::run() {
  bool AfterFunction = false;
  for (const ModuleItem &Item : M.Items) {
    if (AfterFunction && Item.Kind != ItemKind::Function)
      OS << '\n';
    AfterFunction = false;
    switch (Item.Kind) {
    case ItemKind::Version:
      OS << ".version " << M.VersionMajor << '.' << M.VersionMinor << '\n';
      break;
    case ItemKind::Target:
      printTarget();
      break;
    case ItemKind::AddressSize:
      OS << ".address_size " << M.AddressSize << '\n';
      break;
    case ItemKind::Directive: {
      const DirectiveStmt &D = M.Directives[Item.Index];
      Kept.printBefore(D.Src, "", OS);
      if (D.Name.text() == ".section")
        printTokenLines(D.Src, "", OS);
      else
        printDirective(D, "", OS);
      break;
    }
    case ItemKind::Global:
      Kept.printBefore(M.Declarations[Item.Index].Src, "", OS);
      printDeclaration(M, M.Declarations[Item.Index], OS);
      OS << ";\n";
      break;
    case ItemKind::Function:
      OS << '\n';
      printFunction(Item.Index);
      AfterFunction = true;
      break;
    }
  }
}

void ModulePrinter::printTarget() {
  OS << ".target ";
  bool First = true;
  for (const Span &N : M.Target.Names) {
    OS << (First ? "" : ", ") << N.text();
    First = false;
  }
  OS << '\n';
}

void ModulePrinter::printParams(llvm::ArrayRef<uint32_t> Decls,
                                bool Multiline) {
  OS << '(';
  for (size_t I = 0; I < Decls.size(); ++I) {
    // A parameter printed on a line of its own takes the suppression
    // comments of its source lines along; one printed on the header's line
    // has the header's.
    if (Multiline) {
      OS << '\n';
      Kept.printBefore(M.Declarations[Decls[I]].Src, "\t", OS);
      OS << '\t';
    } else if (I) {
      OS << ' ';
    }
    printDeclaration(M, M.Declarations[Decls[I]], OS);
    if (I + 1 < Decls.size())
      OS << ',';
  }
  if (Multiline && !Decls.empty())
    OS << '\n';
  OS << ')';
}

void ModulePrinter::printFunction(size_t Index) {
  const Function &F = M.Functions[Index];
  Kept.printBefore(Span(F.Src.Begin, F.Name.End), "", OS);
  if (F.Linkage.valid())
    OS << F.Linkage.text() << ' ';
  OS << (F.IsEntry ? ".entry " : ".func ");
  if (!F.Returns.empty()) {
    printParams(F.Returns, /*Multiline=*/false);
    OS << ' ';
  }
  OS << F.Name.text();
  printParams(F.Params, /*Multiline=*/true);
  OS << '\n';
  for (uint32_t D : F.PerfDirectives) {
    Kept.printBefore(M.Directives[D].Src, "", OS);
    printDirective(M.Directives[D], "", OS);
  }
  if (!F.HasBody) {
    OS << ";\n";
    return;
  }
  if (Bodies)
    OS << (*Bodies)[Index];
  else
    renderBody(F, Scratch, T5, Kept, OS, PieceStatements);
}

void StatementPrinter::print() {
  const auto &Stmts = F.Statements;
  for (size_t S = 0; S < Stmts.size(); ++S) {
    const Statement &St = Stmts[S];
    switch (St.Kind) {
    case StmtKind::ScopeBegin:
      OS << Indent << "{\n";
      Indent += '\t';
      break;
    case StmtKind::ScopeEnd:
      Indent.pop_back();
      OS << Indent << "}\n";
      break;
    case StmtKind::Label: {
      // A prototype or target list belongs to its label:
      // `proto: .callprototype ...;`, `ts: .branchtargets L1, L2;`.
      llvm::StringRef Next =
          S + 1 < Stmts.size() && Stmts[S + 1].Kind == StmtKind::Directive
              ? F.Directives[Stmts[S + 1].Index].Name.text()
              : llvm::StringRef();
      bool Proto = Next == ".callprototype" || Next == ".branchtargets";
      Span Label = F.Labels[St.Index];
      Kept.printBefore(
          Proto ? Span(Label.Begin, F.Directives[Stmts[S + 1].Index].Src.End)
                : Label,
          "", OS);
      OS << Label.text() << ':';
      if (Proto) {
        OS << ' ';
        printDirective(F.Directives[Stmts[++S].Index], "", OS);
      } else {
        OS << '\n';
      }
      break;
    }
    case StmtKind::Declaration:
      Kept.printBefore(F.Declarations[St.Index].Src, Indent, OS);
      OS << Indent;
      printDeclaration(F, F.Declarations[St.Index], OS);
      OS << ";\n";
      break;
    case StmtKind::Directive:
      Kept.printBefore(F.Directives[St.Index].Src, Indent, OS);
      printDirective(F.Directives[St.Index], Indent, OS);
      break;
    case StmtKind::Instruction:
      Kept.printBefore(F.Instructions[St.Index].src(), Indent, OS);
      OS << Indent;
      printInstruction(F, F.Instructions[St.Index], OS);
      break;
    }
  }
}

} // namespace

void tcgen05::printOperand(const NodePool &P, const Operand &O,
                           llvm::raw_ostream &OS) {
  auto Child = [&](unsigned I) -> const Operand & {
    return P.Operands[O.children().First + I];
  };
  switch (O.Kind) {
  case OperandKind::Register:
  case OperandKind::Symbol:
  case OperandKind::Integer:
  case OperandKind::Float:
  case OperandKind::String:
  case OperandKind::Sink:
    OS << leafToken(O.src());
    return;
  case OperandKind::DecimalRun: {
    bool First = true;
    forEachDecimal(O, [&](Span Literal, uint64_t) {
      OS << (First ? "" : ", ") << Literal.text();
      First = false;
    });
    return;
  }
  case OperandKind::Address:
    OS << '[';
    printList(P, O.children(), OS);
    OS << ']';
    return;
  case OperandKind::Vector:
    OS << '{';
    printList(P, O.children(), OS);
    OS << '}';
    return;
  case OperandKind::List:
    OS << '(';
    printList(P, O.children(), OS);
    OS << ')';
    return;
  case OperandKind::Unary: {
    OS << O.Op;
    const Operand &C = Child(0);
    bool Paren = C.Kind == OperandKind::Binary;
    OS << (Paren ? "(" : "");
    printOperand(P, C, OS);
    OS << (Paren ? ")" : "");
    return;
  }
  case OperandKind::Binary: {
    unsigned Prec = binaryPrecedence(O.Op);
    const Operand &L = Child(0), &R = Child(1);
    // Left-associative: a right operand of equal precedence keeps its
    // parentheses, a - (b - c).
    bool ParenL =
        L.Kind == OperandKind::Binary && binaryPrecedence(L.Op) < Prec;
    bool ParenR =
        R.Kind == OperandKind::Binary && binaryPrecedence(R.Op) <= Prec;
    OS << (ParenL ? "(" : "");
    printOperand(P, L, OS);
    OS << (ParenL ? ")" : "");
    if (O.Op == '<' || O.Op == '>')
      OS << O.Op << O.Op;
    else
      OS << O.Op;
    OS << (ParenR ? "(" : "");
    printOperand(P, R, OS);
    OS << (ParenR ? ")" : "");
    return;
  }
  case OperandKind::Member:
    printOperand(P, Child(0), OS);
    OS << O.member().text();
    return;
  case OperandKind::Call:
    printOperand(P, Child(0), OS);
    printOperand(P, Child(1), OS);
    return;
  case OperandKind::Field:
    printOperand(P, Child(0), OS);
    OS << " = ";
    printOperand(P, Child(1), OS);
    return;
  }
}

void tcgen05::printModule(const Module &M, llvm::raw_ostream &OS,
                          llvm::ThreadPoolInterface *Pool,
                          size_t PieceStatements) {
  std::vector<size_t> WithBody;
  for (size_t I = 0; I < M.Functions.size(); ++I)
    if (M.Functions[I].HasBody)
      WithBody.push_back(I);
  SuppressionComments Kept(M.Text);
  if (parallelWorkers(Pool, WithBody.size()) <= 1) {
    ModulePrinter(M, Kept, OS, nullptr, PieceStatements).run();
    return;
  }
  // Bodies are independent: print them on threads, then assemble.
  unsigned Workers = parallelWorkers(Pool, WithBody.size());
  Tcgen05ShapeCache Shapes;
  std::vector<std::unique_ptr<Tcgen05SyntaxParser>> Parsers(Workers);
  std::vector<Function> Work(Workers);
  std::vector<std::string> Bodies(M.Functions.size());
  parallelFor(
      Pool, WithBody.size(),
      [&](unsigned W) {
        Parsers[W] = std::make_unique<Tcgen05SyntaxParser>(&Shapes);
      },
      [&](unsigned W, size_t I) {
        size_t F = WithBody[I];
        llvm::raw_string_ostream Body(Bodies[F]);
        renderBody(M.Functions[F], Work[W], *Parsers[W], Kept, Body,
                   PieceStatements);
      });
  ModulePrinter(M, Kept, OS, &Bodies, PieceStatements).run();
}
