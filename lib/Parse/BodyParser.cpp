//===- BodyParser.cpp - Statements of a function body ---------------------===//

#include "tcgen05/Basic/Suggest.h"
#include "ParserBase.h"

#include "tcgen05/Basic/HugePages.h"
#include "tcgen05/Basic/Opcodes.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include <algorithm>

using namespace tcgen05;

namespace {

class BodyParser : public ParserBase {
public:
  BodyParser(Function &F, DiagnosticSink &Sink, Tcgen05SyntaxParser *T5,
             const ParseOptions &Opts, BodySegments Segments)
      : ParserBase(F.Body.Begin, F.Body.End, F, Sink, Opts), F(F), T5(T5),
        Segments(Segments) {}

  void run();

private:
  void parseStatement();
  /// Name: the opcode, consumed already; DiagsBefore: the diagnostics
  /// reported before it was.
  void parseInstruction(const Token *Name, size_t DiagsBefore);
  void parseBodyDirective();
  void parseLineTerminatedDirective();
  void parseCallPrototype();
  void parseOperandDirective();
  // Nodes are built in place (emplace_back, field stores): a node built
  // aside and pushed is stored in parts and read back whole, which stalls
  // on store forwarding once per statement.
  void push(StmtKind K, uint32_t Index) {
    Statement &S = F.Statements.emplace_back();
    S.Kind = K;
    S.Index = Index;
  }

  Function &F;
  Tcgen05SyntaxParser *T5;
  BodySegments Segments;
  unsigned Depth = 0;
};

void BodyParser::run() {
  Token Open = Tok;
  consume(); // the body's '{'
  Depth = 1;
  while (!Sink.shouldStop()) {
    // Between statements no index into the pools is held.
    if (Segments.Statements && F.Statements.size() >= Segments.Statements &&
        !Segments.Consume())
      Segments.Statements = 0;
    switch (Tok.Kind) {
    case Tok::Eof:
      Sink.report(DiagID::err_unexpected_eof, Tok.span().range(),
                  {F.Name.text()})
          .note(DiagID::note_to_match, Open.span().range(), {"{"});
      return;
    case Tok::RBrace:
      consume();
      if (--Depth == 0)
        return;
      push(StmtKind::ScopeEnd, 0);
      break;
    case Tok::LBrace:
      if (Depth >= Opts.MaxScopeDepth) {
        Sink.report(DiagID::err_nesting_too_deep, Tok.span().range(),
                    {Opts.MaxScopeDepth});
        consume();
        skipBalancedBraces();
        break;
      }
      consume();
      ++Depth;
      push(StmtKind::ScopeBegin, 0);
      break;
    case Tok::Semi:
      Sink.report(DiagID::err_empty_statement, Tok.span().range());
      consume();
      break;
    default:
      parseStatement();
      break;
    }
  }
}

void BodyParser::parseStatement() {
  if (Tok.is(Tok::At))
    return parseInstruction(nullptr, Sink.diagnostics().size());
  if (Tok.is(Tok::DotWord))
    return parseBodyDirective();
  if (!Tok.is(Tok::Identifier)) {
    Sink.report(DiagID::err_expected_instruction, Tok.span().range(),
                {describeToken(Tok)});
    consume();
    recover();
    return;
  }
  // Lexing the token after the name may report a stray byte of the
  // statement.
  size_t DiagsBefore = Sink.diagnostics().size();
  Token Name = Tok;
  consume();
  if (Tok.is(Tok::Colon)) {
    consume();
    push(StmtKind::Label, static_cast<uint32_t>(F.Labels.size()));
    F.Labels.push_back(Name.span());
    if (Tok.is(Tok::DotWord) && Tok.text() == ".callprototype")
      parseCallPrototype();
    else if (Tok.is(Tok::DotWord) && Tok.text() == ".branchtargets")
      parseOperandDirective();
    return;
  }
  parseInstruction(&Name, DiagsBefore);
}

void BodyParser::parseInstruction(const Token *Name, size_t DiagsBefore) {
  unsigned HiddenBefore = HiddenSyntax;
  Instruction I;
  Token OpTok;
  const char *Begin;
  Guard Pred;
  if (Name) {
    OpTok = *Name;
    Begin = OpTok.Ptr;
  } else {
    // @%p or @!%p
    Begin = Tok.Ptr;
    consume();
    if (tryConsume(Tok::Bang))
      Pred.Negated = true;
    if (!Tok.is(Tok::Identifier)) {
      expected("a predicate register after '@'");
      recover();
      return;
    }
    Pred.Reg = Tok.span();
    consume();
    if (!Tok.is(Tok::Identifier)) {
      expected("an instruction after the guard");
      recover();
      return;
    }
    OpTok = Tok;
    consume();
  }
  Span Op = OpTok.span();
  Opcode Kind = lookupOpcode(Op.text());
  if (Kind == Opcode::Unknown) {
    Diagnostic &D = Sink.report(DiagID::err_unknown_instruction, Op.range(),
                                {Op.text().str()});
    llvm::StringRef Near = suggestOpcode(Op.text());
    if (!Near.empty())
      D.suggest(Op.range(), Near);
  }
  I.Qualifiers.First = static_cast<uint32_t>(F.Qualifiers.size());
  while (Tok.is(Tok::DotWord)) {
    F.Qualifiers.emplace_back(Tok.Ptr, Tok.end());
    consume();
  }
  I.Qualifiers.Count =
      static_cast<uint32_t>(F.Qualifiers.size()) - I.Qualifiers.First;
  unsigned ExpressionsBefore = ExpressionNodes;
  if (!parseOperandList(I.Operands)) {
    recover();
    return;
  }
  // A call's operands are lists; tcgen05 operands are the grammar's, whose
  // errors say more.  Every other instruction's are expressions.
  if ((ExpressionNodes != ExpressionsBefore || HiddenSyntax != HiddenBefore) &&
      Kind != Opcode::Call && Kind != Opcode::Tcgen05)
    for (const Operand &O : F.operands(I.Operands))
      if (!checkOperandExpression(O)) {
        recover();
        return;
      }
  Span Src(Begin, Tok.is(Tok::Semi) ? Tok.end() : PrevEnd);
  I.setSource(Src, Op, Kind, Pred);
  bool Terminated = expectSemi(OpTok.text(), /*Quote=*/true);
  uint32_t Index = static_cast<uint32_t>(F.Instructions.size());
  F.Instructions.push_back(I);
  push(StmtKind::Instruction, Index);
  // A statement with a lexical error was reported already; the tcgen05
  // grammar would only report it again.  A non-ASCII byte in a comment
  // leaves the statement itself intact, so it is still parsed.  An error
  // past the ';' is the next statement's.
  bool LexicallyBroken = false;
  bool Hidden = HiddenSyntax != HiddenBefore;
  for (size_t D = DiagsBefore; D < Sink.diagnostics().size(); ++D) {
    const Diagnostic &Diag = Sink.diagnostics()[D];
    if (Diag.Range.Start.getPointer() >= Src.End)
      continue;
    (Diag.ID == DiagID::err_non_ascii ? Hidden : LexicallyBroken) = true;
  }
  if (T5 && Terminated && !LexicallyBroken && Kind == Opcode::Tcgen05)
    T5->parse(F, Index, Sink, /*Alone=*/Hidden);
}

void BodyParser::parseBodyDirective() {
  llvm::StringRef W = Tok.text();
  if (isStateSpace(W)) {
    Declaration D;
    if (!parseDeclaration(D, /*InList=*/false)) {
      recover();
      return;
    }
    uint32_t Index = static_cast<uint32_t>(F.Declarations.size());
    F.Declarations.push_back(D);
    push(StmtKind::Declaration, Index);
    expectSemi("the declaration");
    return;
  }
  if (W == ".loc" || W == ".file")
    return parseLineTerminatedDirective();
  if (W == ".pragma")
    return parseOperandDirective();
  if (W == ".callprototype") {
    Sink.report(DiagID::err_directive_needs_label, Tok.span().range(), {W});
    consume();
    recover();
    return;
  }
  if (W == ".entry" || W == ".func" || W == ".version" || W == ".target" ||
      W == ".address_size" || W == ".section" || isLinkage(W)) {
    Sink.report(DiagID::err_directive_not_allowed, Tok.span().range(), {W});
  } else if (llvm::is_contained(functionHeaderDirectiveNames(), W)) {
    Sink.report(DiagID::err_header_directive_in_body, Tok.span().range(), {W});
  } else {
    Diagnostic &D = Sink.report(DiagID::err_unknown_directive,
                                Tok.span().range(), {W.str()});
    if (std::string Near = closestSpelling(W, ptxDirectiveNames());
        !Near.empty())
      D.suggest(Tok.span().range(), Near);
  }
  consume();
  recover();
}

void BodyParser::parseOperandDirective() {
  // .pragma "...";  and  label: .branchtargets L1, L2;
  DirectiveStmt D;
  if (!parseListDirective(D))
    return;
  uint32_t Index = static_cast<uint32_t>(F.Directives.size());
  F.Directives.push_back(D);
  push(StmtKind::Directive, Index);
  expectSemi(D.Name.text(), /*Quote=*/true);
}

void BodyParser::parseLineTerminatedDirective() {
  DirectiveStmt D;
  if (!parseDebugDirective(D)) {
    recover();
    return;
  }
  uint32_t Index = static_cast<uint32_t>(F.Directives.size());
  F.Directives.push_back(D);
  push(StmtKind::Directive, Index);
}

void BodyParser::parseCallPrototype() {
  // proto: .callprototype (.param .b32 _) _ (.param .b32 _, ...) [.noreturn];
  DirectiveStmt D;
  D.Name = Tok.span();
  D.Src.Begin = Tok.Ptr;
  consume();
  if (Tok.is(Tok::LParen) && !parseParamList(nullptr)) {
    recover();
    return;
  }
  if (!Tok.is(Tok::Identifier)) {
    expected("'_' or a name");
    recover();
    return;
  }
  consume();
  if (Tok.is(Tok::LParen) && !parseParamList(nullptr)) {
    recover();
    return;
  }
  while (Tok.is(Tok::DotWord))
    consume();
  D.Src.End = Tok.end();
  uint32_t Index = static_cast<uint32_t>(F.Directives.size());
  F.Directives.push_back(D);
  push(StmtKind::Directive, Index);
  expectSemi(".callprototype", /*Quote=*/true);
}

} // namespace

void tcgen05::parseFunctionBody(Function &F, DiagnosticSink &Sink,
                                Tcgen05SyntaxParser *Tcgen05,
                                const ParseOptions &Opts,
                                BodySegments Segments) {
  if (!F.HasBody || F.Body.empty())
    return;
  // Room for the nodes a body of this size holds in compiler output (13-15
  // bytes per operand, 40-65 per instruction, 24-38 per statement, 26-40
  // per qualifier, 270 or more per declaration, most of them a call's
  // .param), so the pools are not copied while they grow: each copy is
  // written to fresh pages, and faulting them in is a good part of a large
  // body's parse.  Unused room is never touched.
  // Growth stays geometric when bodies come in ascending size, and no pool
  // reserves more than 64 MiB ahead of its nodes: a body of comments would
  // otherwise ask for memory in proportion to text that holds none.
  size_t Bytes = F.Body.text().size();
  // Only the first half of the room goes onto huge pages: compiler output
  // fills more than half of it but seldom all, and a huge page the parse
  // only begins to fill is resident whole (the -G kernel's pools left much
  // of theirs unused).  The rest is faulted in 4 KiB pages, comparatively
  // few.  With WholeHugePages, a room of a quarter of a huge page up to one
  // grows to fill one huge page, which it is then advised whole: the page
  // costs the time of far fewer faults of 4 KiB than it spares a small
  // kernel's pools (docs/performance.md).  The count is rounded up, not
  // down: no node's size divides a huge page, and only a room of a huge
  // page or more is aligned to one (allocateArray); one a node short of it
  // would be heap memory with no whole huge page inside.
  auto Reserve = [&Opts](auto &Pool, size_t N) {
    constexpr size_t Size = sizeof(Pool[0]);
    N = std::min(N, (size_t(64) << 20) / Size);
    bool OnePage = Opts.WholeHugePages && N * Size >= HugePageSize / 4 &&
                   N * Size <= HugePageSize;
    if (OnePage)
      N = (HugePageSize + Size - 1) / Size;
    if (N > Pool.capacity()) {
      Pool.reserve(std::max(N, 2 * Pool.capacity()));
      size_t Room = Pool.capacity() * Size;
      adviseHugePages(Pool.data(), OnePage && Pool.capacity() == N
                                       ? HugePageSize
                                       : Room / 2);
    }
  };
  Reserve(F.Operands, Bytes / 10);
  Reserve(F.Qualifiers, Bytes / 20);
  Reserve(F.Instructions, Bytes / 32);
  Reserve(F.Statements, Bytes / 20);
  Reserve(F.Declarations, Bytes / 256);
  Reserve(F.Declarators, Bytes / 256);
  BodyParser(F, Sink, Tcgen05, Opts, Segments).run();
}
