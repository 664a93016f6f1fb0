//===- Check.cpp - Load, parse and check PTX inputs -----------------------===//

#include "tcgen05/Frontend/Check.h"

#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Basic/Parallel.h"
#include "tcgen05/Frontend/ReadInput.h"
#include "tcgen05/Sema/InstructionCheck.h"
#include "tcgen05/Frontend/Baseline.h"
#include "tcgen05/Frontend/CudaSource.h"
#include "tcgen05/Frontend/Suppressions.h"
#include "tcgen05/Basic/FindText.h"
#include "tcgen05/Basic/LineIndex.h"
#include "tcgen05/Sema/ModuleChecks.h"
#include "tcgen05/Sema/Symbols.h"
#include "tcgen05/Sema/Tcgen05Check.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <cstring>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

using namespace tcgen05;

namespace {

using Clock = std::chrono::steady_clock;
class BodyCheck;

/// One item of the parallel stage, with what it reports: a function's body,
/// or .section contents the module pass left (F null).
struct CheckItem {
  CheckItem(Function *F, Span Text, size_t Index, unsigned Cap)
      : F(F), Text(Text), Index(Index), Sink(Cap) {}
  Function *F;
  Span Text;
  size_t Index; ///< Into M.Functions, or into M.SectionContents.
  /// What the body's analyses read of the module, as the pass met it.
  FunctionEnv Env;
  DiagnosticSink Sink;
  CtaGroupSummary Summary;
  AnalysisStats Stats;
  /// Given to the workers while the module pass went on.
  bool Pushed = false;
  /// Large next to the rest (-G's one kernel): its symbol checks are
  /// offered to go before another worker's next item.
  bool Large = false;
  /// A body's check parked until the module is complete (ModuleGate).
  std::unique_ptr<BodyCheck> Check;
  /// When a worker began and ended it, the part of that it spent waiting
  /// for the module or parked (ModuleGate), and when its symbol checks ran,
  /// perhaps on another worker, for --stats.
  Clock::time_point Begin, End, WaitBegin, WaitEnd, SymbolsBegin, SymbolsEnd;
  std::thread::id Worker; ///< The thread working on it.
  /// The module-level text between the item before and this one, which the
  /// item's worker reads for what the pass did not need (ignore comments,
  /// lines), so that the end need not read it on one thread.
  Span Gap;
  /// A body or the gap before an item holds a suppression marker (looked
  /// for on the item's thread, so that a module without one costs no serial
  /// scan).
  bool HasMarker = false;
  /// The '\n' in [Gap.Begin, Text.End), counted on the item's thread for
  /// the end's LineIndex; and line starts in it, each with the '\n' before
  /// it there: the first, then one every LineMarkBytes or so.
  size_t Newlines = 0;
  std::vector<std::pair<const char *, size_t>> LineStarts;
  size_t size() const { return Text.End - Text.Begin; }
};

/// Opens once the module pass has ended and the module's symbols are built.
/// A body met before that is parsed and analysed at once (its analyses read
/// only the body and its FunctionEnv); what reads the symbols waits.  Side
/// work that reads them is offered only once the gate opens, so that no
/// worker takes a task that would wait.  A check whose analyses end first
/// is parked, up to a budget of text, and handed back by open().
class ModuleGate {
public:
  ModuleGate(SideWork &Side, size_t ParkBudget)
      : Side(Side), ParkBudget(ParkBudget) {}

  /// Offers T to Side now if the gate is open, else when it opens.  The
  /// caller waits for the gate, or withdraws T, before it finishes T.
  void offer(SideWork::Task &T, llvm::function_ref<void()> Fn, bool First) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Opened)
      Side.offer(T, Fn, First);
    else
      Waiting.push_back({&T, Fn, First});
  }
  /// Takes back T, offered while the gate was closed, if it still is and
  /// Item may be parked; then the caller parks Item.
  bool withdraw(SideWork::Task &T, const CheckItem &Item) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Opened || ParkedBytes + Item.size() > ParkBudget)
      return false;
    llvm::erase_if(Waiting, [&](const Pending &P) { return P.T == &T; });
    ParkedBytes += Item.size();
    return true;
  }
  /// Parks Item, whose check has saved what it needs; false when the gate
  /// opened since withdraw, and the caller goes on with it.
  bool park(CheckItem &Item) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Opened)
      return false;
    Item.WaitBegin = Clock::now();
    ++Item.Stats.FunctionsParked;
    Parked.push_back(&Item);
    return true;
  }
  /// Opens the gate; the items parked until now, to be resumed.
  std::vector<CheckItem *> open() {
    std::vector<CheckItem *> Out;
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Opened = true;
      for (const Pending &P : Waiting)
        Side.offer(*P.T, P.Fn, P.First);
      Waiting.clear();
      Out.swap(Parked);
    }
    Ready.open();
    return Out;
  }
  /// Waits until the gate is open, recording the wait in Item.
  void wait(CheckItem &Item) const {
    if (Item.WaitBegin != Clock::time_point())
      return;
    Item.WaitBegin = Clock::now();
    Ready.wait();
    Item.WaitEnd = Clock::now();
  }

private:
  struct Pending {
    SideWork::Task *T;
    llvm::function_ref<void()> Fn;
    bool First;
  };
  SideWork &Side;
  size_t ParkBudget;
  std::mutex Lock;
  bool Opened = false;
  std::vector<Pending> Waiting;
  std::vector<CheckItem *> Parked;
  size_t ParkedBytes = 0;
  Latch Ready;
};

/// What every item of the parallel stage shares.  The module, its symbols
/// and its summaries are complete only once Gate is open.
struct StageContext {
  const Module &M;
  const ModuleSymbols &Symbols;
  const CheckOptions &Opts;
  unsigned Cap;
  SideWork &Side;
  ModuleGate &Gate;
};

/// Body-level work for one function: parse, then run the per-function
/// checks, then free the body.  Diagnostics stay in the function's sink.
/// Each phase reports in source order into a sink of its own, capped at the
/// error limit; the first N errors of the function are then among the first
/// N of each phase, whichever phase found them.
///
/// A body met while the module pass goes on is parsed and analysed at
/// once; what reads the module's symbols waits for the gate.  When the
/// analyses end first, the check is parked with its item (the body moved
/// out of the worker's storage) and the worker goes on to another item;
/// the gate's opening hands the check back to the workers (resume).
class BodyCheck {
public:
  BodyCheck(const StageContext &C, CheckItem &Item)
      : C(C), Item(Item), F(*Item.F), SymbolSink(C.Cap), RuleSink(C.Cap),
        DescSink(C.Cap) {}

  /// Parses the body into Scratch and checks it; false when the check was
  /// parked instead of finished.
  bool run(Function &Scratch, Tcgen05SyntaxParser &T5);
  /// Finishes a parked check.
  void resume() {
    F.swapBody(*Kept);
    checkSymbols();
    finish();
    F.swapBody(*Kept);
    Kept.reset();
  }

private:
  /// The rule checks, run inside the symbol checks' walk.
  struct RuleHook {
    BodyCheck &B;
    void operator()(uint32_t Inst, const RegisterLookup &Regs) const {
      checkInstruction(B.C.M, B.F, Inst, Regs, B.RuleSink);
    }
  };
  /// The symbol checks and the summary read only the body, the names and
  /// the complete module, and write only their sinks and the summary.
  void checkSymbols() {
    Clock::time_point Begin = Clock::now();
    checkFunctionSymbols(C.M, C.Symbols, F, SymbolSink, Rules, Names);
    Item.Summary = summarizeCtaGroups(F, C.Symbols);
    // Counted apart only when another worker ran them (side work).
    if (std::this_thread::get_id() != Item.Worker) {
      Item.SymbolsBegin = Begin;
      Item.SymbolsEnd = Clock::now();
    }
  }
  void finish() {
    Item.Sink.append(std::move(SymbolSink));
    Item.Sink.append(std::move(RuleSink));
    Item.Sink.append(std::move(DescSink));
  }

  const StageContext &C;
  CheckItem &Item;
  Function &F;
  DiagnosticSink SymbolSink, RuleSink, DescSink;
  RuleHook Rules{*this};
  std::optional<FunctionAnalyses> Shared;
  /// Set when the analyses ran: the symbol checks share their names.
  const RegisterNames *Names = nullptr;
  /// The body while the check is parked.
  std::optional<Function> Kept;
};

bool BodyCheck::run(Function &Scratch, Tcgen05SyntaxParser &T5) {
  const Module &M = C.M;
  const CheckOptions &Opts = C.Opts;
  AnalysisStats &Stats = Item.Stats;
  ++Stats.Functions;
  // A long body without tcgen05 instructions, which no analysis looks at,
  // is checked a piece at a time as it is parsed (after the gate: nothing
  // else of it could overlap with the pass).
  std::optional<BodySymbolChecker> Pieces;
  auto CheckPiece = [&] {
    Pieces->checkPiece();
    appendSummary(Item.Summary, summarizeCtaGroups(F, C.Symbols));
    Stats.Statements += F.Statements.size();
    F.clearBody();
  };
  auto TakePiece = [&] {
    if (!Pieces) {
      if (!F.Tcgen05.empty() || F.namesTcgen05())
        return false;
      C.Gate.wait(Item);
      Pieces.emplace(M, C.Symbols, F, SymbolSink, Rules);
      ++Stats.FunctionsInPieces;
    }
    CheckPiece();
    return true;
  };
  // The body is built in the worker's scratch storage, whose capacity
  // survives from function to function.
  std::optional<ParsedBody> Body;
  Body.emplace(F, Scratch, Item.Sink, &T5, Opts.Parse,
               BodySegments{Opts.BodyPieceStatements, TakePiece});
  if (Pieces) {
    CheckPiece();
    Pieces->finish();
    finish();
    return true;
  }
  FunctionAnalyses &A = Shared.emplace(F, Item.Env);
  Stats.Statements += F.Statements.size();
  Stats.Tcgen05Instructions += F.Tcgen05.size();
  // The analyses look only at functions with tcgen05 instructions; their
  // names are numbered once, before the symbol checks, which share them.
  // A body with a syntax error is not the program its author meant: a
  // misspelt tcgen05.commit would read as an MMA never committed.  The
  // analyses leave it to the error.
  bool Parsed = Opts.AnalyzeInvalidFunctions || Item.Sink.numErrors() == 0;
  bool AnalysesRun = Parsed && !F.Tcgen05.empty() && Opts.Lint.any();
  Names = AnalysesRun ? &A.names() : nullptr;
  // Another worker may run the symbol checks beside this one's analyses,
  // once the module is complete.  For a body large next to the rest (-G's
  // one kernel, much of the stage) it does so before its next item; for
  // one of many alike (FMHA's kernels) only once it has none: taken early,
  // they kept the body's worker waiting (docs/performance.md).
  auto CheckSymbols = [this] { checkSymbols(); };
  SideWork::Task SymbolTask;
  C.Gate.offer(SymbolTask, CheckSymbols, /*First=*/Item.Large);
  if (Parsed)
    runFunctionLints(M, F, DescSink, Opts.Lint, Stats, A);
  if (C.Gate.withdraw(SymbolTask, Item)) {
    // The module is not complete yet: the body leaves the worker's storage
    // and waits with its item.
    Kept.emplace().swapBody(F);
    Body.reset();
    if (C.Gate.park(Item))
      return false;
    // The gate opened meanwhile.
    resume();
    return true;
  }
  C.Gate.wait(Item);
  C.Side.finish(SymbolTask);
  finish();
  return true;
}

} // namespace

namespace {

/// The furthest place in Text that showing Sink's findings reads: their
/// ranges, their notes' and their fix-its'.
const char *lastShownPlace(const DiagnosticSink &Sink, llvm::StringRef Text) {
  const char *Last = Text.begin();
  auto See = [&](llvm::SMRange R) {
    for (llvm::SMLoc L : {R.Start, R.End})
      if (const char *P = L.getPointer();
          P && P >= Text.begin() && P <= Text.end())
        Last = std::max(Last, P);
  };
  for (const Diagnostic &D : Sink.diagnostics()) {
    See(D.Range);
    for (const DiagNote &N : D.Notes)
      See(N.Range);
    for (const FixIt &F : D.FixIts)
      See(F.Range);
  }
  return Last;
}

/// The largest input whose node pools go onto whole huge pages.
constexpr size_t WholeHugePagesInput = size_t(2) << 20;

/// checkBuffer; NulFree when the reader has already looked for NUL bytes
/// and found none, which spares a pass over the whole input.  Pages, when
/// given, takes back the contents of each .section once they are checked.
/// Whether the module's ignore comments can be judged, each found to
/// silence something or not (TC0013), and if not, why.
enum class CommentJudgement {
  Judge,
  Off,             ///< The warning would not be shown.
  Cut,             ///< The error cap cut the check short (TC0011 says so).
  SyntaxError,     ///< Analyses stayed off a function with one.
  AnalysisStopped, ///< An analysis gave up or skipped a kernel (a remark).
};

CommentJudgement judgeComments(const DiagnosticsEngine &Engine,
                               const DiagnosticSink &Sink) {
  const DiagnosticOptions &O = Engine.options();
  if (O.IgnoreWarnings ||
      Engine.groupDisabled(diagGroup(DiagID::warn_unused_suppression)))
    return CommentJudgement::Off;
  if (Sink.errorCap() && Sink.numErrors() >= Sink.errorCap())
    return CommentJudgement::Cut;
  if (llvm::any_of(Sink.diagnostics(), [](const Diagnostic &D) {
        return D.Sev == Severity::Error && !isAcceptable(D.code());
      }))
    return CommentJudgement::SyntaxError;
  if (llvm::any_of(Sink.diagnostics(), [](const Diagnostic &D) {
        return D.Sev == Severity::Remark;
      }))
    return CommentJudgement::AnalysisStopped;
  return CommentJudgement::Judge;
}

/// The text after the last item, which no worker read.
llvm::StringRef tailOf(llvm::StringRef Text,
                       const std::deque<CheckItem> &Work) {
  const char *From = Text.begin();
  for (const CheckItem &Item : Work)
    From = std::max(From, Item.Text.End);
  return llvm::StringRef(From, Text.end() - From);
}

/// Known line starts of Text, one per item, from the counts the items'
/// workers took of their gap and text.
/// The bytes between two line starts an item records: a finding's line is
/// counted from the start before it, and counted from the start of a large
/// body it was most of the time the end took to print one (-G's kernel).
constexpr size_t LineMarkBytes = size_t(256) << 10;

/// Counts the lines of Region, an item's gap and text, into Item.
void countLines(llvm::StringRef Region, CheckItem &Item) {
  size_t At = 0, Before = 0;
  while (At < Region.size()) {
    size_t Break = Region.find('\n', At);
    if (Break == llvm::StringRef::npos)
      break;
    Item.LineStarts.push_back({Region.data() + Break + 1, Before + 1});
    size_t Next =
        std::max(Break + 1, std::min(At + LineMarkBytes, Region.size()));
    Before += 1 + countChar(Region.slice(Break + 1, Next), '\n');
    At = Next;
  }
  Item.Newlines = Before;
}

LineIndex lineIndexOf(llvm::StringRef Text, const std::deque<CheckItem> &Work) {
  LineIndex Lines(Text.begin());
  unsigned Line = 1;
  const char *Counted = Text.begin();
  for (const CheckItem &Item : Work) {
    // Counts of regions that do not follow one another say nothing.
    if (Item.Gap.Begin != Counted)
      break;
    for (auto [Pos, Before] : Item.LineStarts)
      Lines.add(Pos, Line + static_cast<unsigned>(Before));
    Line += static_cast<unsigned>(Item.Newlines);
    Counted = Item.Text.End;
  }
  return Lines;
}

/// Whether a finding of Codes (empty: any code) would have been reported
/// had it been there: no option turned its group off, so its analysis ran.
bool wouldReport(const DiagnosticOptions &O, llvm::ArrayRef<unsigned> Codes) {
  if (Codes.empty())
    return O.DisabledGroups.empty();
  for (unsigned Code : Codes) {
    std::optional<DiagID> ID = Code ? lookupDiagCode(Code) : std::nullopt;
    if (!ID)
      continue; // A misspelt code silences nothing, whatever the options.
    llvm::StringRef Group = diagGroup(*ID);
    if (!Group.empty() && groupSilenced(O, Group))
      return false;
  }
  return true;
}

/// Adds to Stats the time the items were worked on, summed over the
/// threads, and the time in [Start, Finish] during which none was (waits
/// for the module not counted as work).
void addTimeline(const std::deque<CheckItem> &Work, Clock::time_point Start,
                 Clock::time_point Finish, AnalysisStats &Stats) {
  std::vector<std::pair<Clock::time_point, Clock::time_point>> Busy;
  for (const CheckItem &Item : Work) {
    if (Item.WaitBegin == Clock::time_point()) {
      Busy.push_back({Item.Begin, Item.End});
    } else {
      Busy.push_back({Item.Begin, Item.WaitBegin});
      Busy.push_back({Item.WaitEnd, Item.End});
    }
    // Symbol checks another worker ran while this one waited for them are
    // counted once, the wait not.
    if (Item.SymbolsBegin != Clock::time_point())
      Busy.push_back({Item.SymbolsBegin, Item.SymbolsEnd});
  }
  llvm::sort(Busy);
  auto Us = [](Clock::duration D) {
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(D).count());
  };
  Clock::duration Worked{}, Idle{};
  Clock::time_point Covered = Start;
  for (auto [B, E] : Busy) {
    Worked += E - B;
    if (B > Covered)
      Idle += B - Covered;
    Covered = std::max(Covered, E);
  }
  if (Finish > Covered)
    Idle += Finish - Covered;
  Stats.ItemMicros += Us(Worked);
  Stats.NoItemMicros += Us(Idle);
}

CheckStatus checkText(llvm::SourceMgr &SM, unsigned BufferID,
                      DiagnosticsEngine &Engine, const CheckOptions &Options,
                      AnalysisStats *Stats, bool NulFree,
                      InputPages *Pages = nullptr,
                      StreamedInput *Streamed = nullptr,
                      bool *Restart = nullptr) {
  Clock::time_point Start = Clock::now();
  auto Micros = [](Clock::time_point From, Clock::time_point To) {
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(To - From)
            .count());
  };
  // Analyses whose every finding is silenced are not run.
  CheckOptions Opts = Options;
  Opts.Lint.CheckHazards &= !Engine.groupDisabled("tcgen05-hazards");
  for (DiagID ID : hazardDiagnostics())
    if (Engine.groupDisabled(diagGroup(ID)))
      Opts.Lint.SilencedHazards.push_back(ID);
  const llvm::MemoryBuffer *Buf = SM.getMemoryBuffer(BufferID);
  llvm::StringRef Text = Buf->getBuffer();
  std::string Name = Buf->getBufferIdentifier().str();
  // One error past the limit is kept, so that the engine knows the report
  // was cut and says so (TC0011).
  unsigned Limit = Engine.options().ErrorLimit;
  unsigned Cap = Limit ? Limit + 1 : 0;
  unsigned ErrorsBefore = Engine.numErrors();

  if (Text.empty()) {
    Diagnostic D = Diagnostic::make(DiagID::err_empty_input, {}, {Name}, Name);
    Engine.emit(&SM, std::move(D));
    return CheckStatus::Errors;
  }
  if (const void *Nul =
          NulFree ? nullptr : std::memchr(Text.data(), 0, Text.size())) {
    // A NUL byte means this is not text: one diagnostic, not thousands.
    DiagnosticSink Sink;
    const char *P = static_cast<const char *>(Nul);
    Sink.report(DiagID::err_binary_input,
                llvm::SMRange(Span(P, P + 1).loc(), Span(P, P + 1).range().End),
                {Name});
    Engine.emitAll(&SM, Sink.diagnostics());
    return CheckStatus::Errors;
  }

  // Whole huge pages for the node pools: their first fill is a good part
  // of a small kernel's check, and the memory this costs is small next to
  // the program's own pages.  A larger input spreads the fill over bodies
  // that reuse the storage (FMHA's check was no faster), and its memory
  // counts: FMHA's peak rose (docs/performance.md).
  if (Text.size() <= WholeHugePagesInput)
    Opts.Parse.WholeHugePages = true;

  // Held through pointers that a check whose memory is left to the
  // process's exit (CheckOptions::FreeMemory) buries.
  auto ModuleOwner = std::make_unique<Module>();
  Module &M = *ModuleOwner;
  M.BufferID = BufferID;
  DiagnosticSink ModuleSink(Cap);
  ParseOptions ParseOpts = Opts.Parse;
  ParseOpts.DeferSectionContents = true;

  // Ignore comments are looked for only where one could be judged unused;
  // otherwise only near findings (Suppressions::near).
  bool LookForMarkers =
      !Engine.options().IgnoreWarnings &&
      !Engine.groupDisabled(diagGroup(DiagID::warn_unused_suppression));
  std::unique_ptr<llvm::ThreadPoolInterface> OwnPool;
  llvm::ThreadPoolInterface *Pool = Opts.Pool;
  // Per worker: a tcgen05 parser (its shape cache, backed by the shared
  // one) and body storage.
  std::unique_ptr<Tcgen05ShapeCache> OwnShapes;
  Tcgen05ShapeCache *Shapes = Opts.ShapeCache;
  if (!Shapes)
    Shapes = (OwnShapes = std::make_unique<Tcgen05ShapeCache>()).get();
  std::vector<std::unique_ptr<Tcgen05SyntaxParser>> Parsers;
  auto ScratchOwner = std::make_unique<std::vector<Function>>();
  std::vector<Function> &Scratch = *ScratchOwner;

  // The work items: the bodies and the .section contents the module pass
  // leaves (a -G module's DWARF data is most of its text), in the order
  // the pass meets them.
  std::deque<CheckItem> Work;
  ModuleSymbols Symbols;
  SideWork Side;
  // Parked checks keep their bodies: at most an eighth of the text's worth.
  ModuleGate Gate(Side, Text.size() / 8);
  StageContext Context{M, Symbols, Opts, Cap, Side, Gate};
  // Made when the first item starts early or the pass ends; a pool of the
  // check's own, when the caller gave none, only when there are items to
  // share.
  std::optional<ItemStream<CheckItem *>> Stream;
  auto MakeStream = [&](bool Share) {
    if (Stream)
      return;
    if (!Pool && Share)
      Pool = (OwnPool = makeThreadPool(Opts.Threads)).get();
    Stream.emplace(
        Pool,
        [&](unsigned W) {
          Parsers[W] = std::make_unique<Tcgen05SyntaxParser>(Shapes);
        },
        [&](unsigned W, CheckItem *Item) {
          Item->Worker = std::this_thread::get_id();
          if (Item->Check) {
            Item->WaitEnd = Clock::now();
            Item->Check->resume();
            Item->Check.reset();
            Item->End = Clock::now();
            return;
          }
          Item->Begin = Clock::now();
          // Read while the pages are there: a .section's go back below.
          llvm::StringRef Region(Item->Gap.Begin,
                                 Item->Text.End - Item->Gap.Begin);
          countLines(Region, *Item);
          if (LookForMarkers)
            Item->HasMarker = findText(Item->Gap.text(), SuppressionMarker) !=
                              llvm::StringRef::npos;
          if (!Item->F) {
            checkSectionContents(Item->Text, Item->Sink);
            if (Pages)
              Pages->giveBack(Item->Text.text());
          } else {
            if (LookForMarkers && !Item->HasMarker)
              Item->HasMarker =
                  findText(Item->Text.text(), SuppressionMarker) !=
                  llvm::StringRef::npos;
            // Made before the check runs: once parked, the item is another
            // worker's to resume.
            Item->Check = std::make_unique<BodyCheck>(Context, *Item);
            if (!Item->Check->run(Scratch[W], *Parsers[W]))
              return;
            Item->Check.reset();
          }
          Item->End = Clock::now();
        },
        &Side);
    Parsers.resize(Stream->maxWorkers());
    Scratch.resize(Stream->maxWorkers());
  };
  // An item this large goes to a worker as soon as the pass meets it
  // (by default every one): its parse and analyses overlap with the rest
  // of the pass, which would otherwise be time no body is checked in
  // (docs/performance.md).  The others go largest first once the pass
  // ends.
  size_t Early = Opts.EarlyItemBytes;
  bool MayShare = Opts.Pool || Opts.Threads != 1;
  // A large item's symbol checks go to another worker first.
  size_t Large = std::max<size_t>(size_t(1) << 20, Text.size() / 16);
  // The end of the text the items so far cover: the next item's gap
  // starts there.
  const char *Covered = Text.begin();
  // Until the pass meets its first item, another thread reads the file
  // ahead of it: only the pass has work then.
  if (Streamed && MayShare) {
    if (!Pool)
      Pool = (OwnPool = makeThreadPool(Opts.Threads)).get();
    if (Pool && Pool->getMaxConcurrency() > 1)
      Streamed->readAhead(*Pool);
  }
  // Declarations wait for the end of the pass when a body after them can
  // start on another thread meanwhile (a -G module's kernel after its
  // thousands of declarations).
  ParseOpts.DeferDeclarations = MayShare && Opts.DeferDeclarations;
  bool InOrder = parseModule(
      Text, M, ModuleSink, ParseOpts,
      [&](Function *F, Span T) {
        if (Streamed)
          Streamed->stopReadAhead();
        CheckItem &Item = Work.emplace_back(
            F, T, F ? M.Functions.size() - 1 : M.SectionContents.size() - 1,
            Cap);
        Item.Gap = Span(std::min(Covered, T.Begin), T.Begin);
        Covered = std::max(Covered, T.End);
        Item.Large = Item.size() >= Large;
        // What the body's analyses read of the module is taken now, on the
        // pass's thread, whether or not the body starts early: the results
        // do not depend on the thread count.
        if (F)
          Item.Env = {effectiveTarget(M, Opts.Target),
                      WarpRoles::ctaSizeOf(M, *F)};
        if (MayShare && Item.size() >= Early) {
          MakeStream(/*Share=*/true);
          if (Stream->maxWorkers() > 1) {
            Stream->start(Stream->maxWorkers());
            Item.Pushed = true;
            // .section contents first: the pages they give back are gone
            // before the bodies waiting behind them build their nodes (-G's
            // DWARF and its kernel's; docs/performance.md).
            Stream->push(&Item, /*Front=*/!F);
          }
        }
      },
      Streamed);
  // The rest of a file the pass did not read to its end (it stopped at the
  // error limit): whether the file is as stat said, and the text the end
  // reads after the last item.
  if (Streamed)
    while (Streamed->more()) {
    }
  DiagnosticSink SymbolSink(Cap);
  checkModuleTarget(M, Opts.Target, SymbolSink);
  Symbols.build(M, SymbolSink);
  ModuleSink.append(std::move(SymbolSink));
  // Parked checks go first: they hold their bodies.
  for (CheckItem *Item : Gate.open())
    Stream->push(Item, /*Front=*/true);
  Clock::time_point PassEnd = Clock::now();

  // The rest largest first, so that no thread is left with a large one at
  // the end while the others wait.
  std::vector<CheckItem *> Rest;
  for (CheckItem &Item : Work)
    if (!Item.Pushed)
      Rest.push_back(&Item);
  MakeStream(/*Share=*/Work.size() > 1);
  unsigned Workers = parallelWorkers(Pool, Work.size());
  // One worker takes the .section contents first, so that pages given
  // back are gone before the bodies' nodes are built (the -G kernel's).
  if (Workers > 1)
    llvm::stable_sort(Rest, [](const CheckItem *A, const CheckItem *B) {
      return A->size() > B->size();
    });
  else if (Pages)
    std::stable_partition(Rest.begin(), Rest.end(),
                          [](const CheckItem *A) { return !A->F; });
  for (CheckItem *Item : Rest)
    Stream->push(Item);
  Stream->start(Workers);
  Stream->finish();
  Clock::time_point BodiesEnd = Clock::now();
  // What was checked of a file that was not what stat said is dropped; it
  // is read again whole.
  if (Streamed && !Streamed->complete()) {
    *Restart = true;
    return CheckStatus::Clean;
  }
  if (!InOrder) {
    // The text the items gave back is read again for the pass in order.
    if (Pages && Pages->any() && !Pages->restore()) {
      Engine.emit(
          &SM, Diagnostic::make(DiagID::err_input_changed, {}, {Name}, Name));
      return CheckStatus::Errors;
    }
    CheckOptions InOrderOpts = Options;
    InOrderOpts.DeferDeclarations = false;
    return checkText(SM, BufferID, Engine, InOrderOpts, Stats, NulFree, Pages);
  }

  std::vector<CtaGroupSummary> Summaries(M.Functions.size());
  for (bool Bodies : {true, false})
    for (CheckItem &Item : Work)
      if (bool(Item.F) == Bodies)
        ModuleSink.append(std::move(Item.Sink));
  for (CheckItem &Item : Work) {
    if (Item.F)
      Summaries[Item.Index] = std::move(Item.Summary);
    if (Stats)
      *Stats += Item.Stats;
  }
  DiagnosticSink KernelSink(Cap);
  checkKernelCtaGroups(M, Symbols, Summaries, Opts.SeparateCompilation,
                       KernelSink);
  checkUnresolvedFunctions(M, Symbols, Summaries, Opts.SeparateCompilation,
                           KernelSink);
  ModuleSink.append(std::move(KernelSink));
  if (Opts.FoldUnsupportedTarget)
    foldUnsupportedTarget(M, ModuleSink);
  // What is shown of a diagnostic reads the text up to it, and no further:
  // the pages given back after the last place a finding shows stay so (a
  // -G module's DWARF, after a remark about its kernel), unless CUDA
  // source notes read the names of inlined functions in that DWARF.  The
  // bodies' storage goes first when pages are to be read again, so that
  // they do not add to it.
  if (Pages && Pages->any() && !ModuleSink.diagnostics().empty()) {
    bool ReadsDebugInfo =
        addsCudaSourceNotes(M, Text, ModuleSink.diagnostics());
    const char *Last = lastShownPlace(ModuleSink, Text);
    if (ReadsDebugInfo || Pages->restoresUpTo(Last)) {
      Scratch.clear();
      Scratch.shrink_to_fit();
    }
    if (!(ReadsDebugInfo ? Pages->restore() : Pages->restoreUpTo(Last)))
      Engine.emit(
          &SM, Diagnostic::make(DiagID::err_input_changed, {}, {Name}, Name));
  }
  ModuleSink.sortBySource();
  // Lines of the findings are counted from the item before each.
  std::optional<LineIndex> Lines;
  if (!ModuleSink.diagnostics().empty())
    Lines.emplace(lineIndexOf(Text, Work));
  const LineIndex *Known = Lines ? &*Lines : nullptr;
  unsigned ByComments = 0, ByBaseline = 0;
  // Ignore comments silence findings near them (Suppressions::near, the
  // lines of the findings only); every comment of the text is read only
  // when there is one to judge (TC0013).
  bool HasMarkers =
      LookForMarkers &&
      (llvm::any_of(Work, [](const CheckItem &I) { return I.HasMarker; }) ||
       findText(tailOf(Text, Work), SuppressionMarker) !=
           llvm::StringRef::npos);
  CommentJudgement Judgement =
      HasMarkers ? judgeComments(Engine, ModuleSink) : CommentJudgement::Off;
  if (Judgement == CommentJudgement::SyntaxError ||
      Judgement == CommentJudgement::AnalysisStopped) {
    // Not judging them is said, at the first comment, as an analysis that
    // could not run is.
    const char *At = Text.data() + findText(Text, SuppressionMarker);
    Diagnostic &D =
        ModuleSink.report(DiagID::remark_suppressions_not_judged,
                          llvm::SMRange(llvm::SMLoc::getFromPointer(At),
                                        llvm::SMLoc::getFromPointer(
                                            At + SuppressionMarker.size())));
    D.note(Judgement == CommentJudgement::SyntaxError
               ? DiagID::note_not_judged_syntax_error
               : DiagID::note_not_judged_analysis_stopped,
           {});
    ModuleSink.sortBySource();
  }
  if (Judgement == CommentJudgement::Judge) {
    Suppressions All(Text);
    ByComments = All.apply(SM, BufferID, ModuleSink.diagnostics(), Known);
    size_t Before = ModuleSink.diagnostics().size();
    All.reportUnused(
        SM, BufferID,
        [&](llvm::ArrayRef<unsigned> Codes) {
          return wouldReport(Engine.options(), Codes);
        },
        ModuleSink.diagnostics());
    if (ModuleSink.diagnostics().size() != Before)
      ModuleSink.sortBySource();
  } else if (!ModuleSink.diagnostics().empty()) {
    ByComments =
        Suppressions::near(SM, BufferID, ModuleSink.diagnostics(), Known)
            .apply(SM, BufferID, ModuleSink.diagnostics(), Known);
  }
  if (Opts.RecordFindings)
    Opts.RecordFindings->record(SM, ModuleSink.diagnostics());
  if (Opts.KnownFindings)
    ByBaseline = Opts.KnownFindings->apply(SM, ModuleSink.diagnostics());
  Engine.countHidden(ByComments, ByBaseline);
  addCudaSourceNotes(M, Text, ModuleSink.diagnostics());
  Engine.emitAll(&SM, ModuleSink.diagnostics(), Known);
  // Given back here, so that the end's time counts it, or left to the exit.
  if (Opts.FreeMemory) {
    ScratchOwner.reset();
    ModuleOwner.reset();
  } else {
    llvm::BuryPointer(std::move(ScratchOwner));
    llvm::BuryPointer(std::move(ModuleOwner));
  }
  if (Stats) {
    Clock::time_point Finish = Clock::now();
    Stats->ModulePassMicros += Micros(Start, PassEnd);
    Stats->BodiesMicros += Micros(PassEnd, BodiesEnd);
    Stats->EndMicros += Micros(BodiesEnd, Finish);
    addTimeline(Work, Start, Finish, *Stats);
  }
  return Engine.numErrors() > ErrorsBefore ? CheckStatus::Errors
                                           : CheckStatus::Clean;
}

/// loadFile; NulFree tells whether the reader found no NUL byte.
CheckStatus loadText(llvm::StringRef Path, llvm::SourceMgr &SM,
                     DiagnosticsEngine &Engine, unsigned &BufferID,
                     uint64_t MaxSize, llvm::StringRef StdinName,
                     llvm::ThreadPoolInterface *Pool, bool &NulFree) {
  // Diagnostics about standard input name it as the caller does.
  llvm::StringRef Name = Path == "-" && !StdinName.empty() ? StdinName : Path;
  auto IOError = [&](DiagID ID, llvm::ArrayRef<DiagArg> Args) {
    Diagnostic D = Diagnostic::make(ID, {}, Args, Name.str());
    Engine.emit(nullptr, std::move(D));
    return CheckStatus::IOError;
  };
  if (Path != "-" && llvm::sys::fs::is_directory(Path))
    return IOError(DiagID::err_is_directory, {Name.str()});
  InputRead In =
      readInput(Path, MaxSize, StdinName.empty() ? "<stdin>" : StdinName, Pool);
  if (In.TooLarge && In.Size > DefaultMaxInputSize)
    return IOError(DiagID::err_input_too_large, {Name.str(), In.Size});
  if (In.TooLarge)
    return IOError(DiagID::err_input_over_limit, {Name.str(), MaxSize});
  if (!In.Buffer)
    return IOError(DiagID::err_cannot_open, {Name.str(), In.Error.message()});
  NulFree = !In.HasNul;
  BufferID = SM.AddNewSourceBuffer(std::move(In.Buffer), llvm::SMLoc());
  return CheckStatus::Clean;
}

} // namespace

CheckStatus tcgen05::checkBuffer(llvm::SourceMgr &SM, unsigned BufferID,
                                 DiagnosticsEngine &Engine,
                                 const CheckOptions &Opts,
                                 AnalysisStats *Stats) {
  return checkText(SM, BufferID, Engine, Opts, Stats, /*NulFree=*/false);
}

CheckStatus tcgen05::loadFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                              DiagnosticsEngine &Engine, unsigned &BufferID,
                              uint64_t MaxSize, llvm::StringRef StdinName) {
  bool NulFree = false;
  return loadText(Path, SM, Engine, BufferID, MaxSize, StdinName,
                  /*Pool=*/nullptr, NulFree);
}

CheckStatus tcgen05::checkFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                               DiagnosticsEngine &Engine,
                               const CheckOptions &Opts, AnalysisStats *Stats) {
  unsigned ID = 0;
  bool NulFree = false;
  llvm::sys::fs::file_status Before;
  bool Rereadable = Opts.GiveBackSections && Path != "-" &&
                    !llvm::sys::fs::status(Path, Before) &&
                    Before.type() == llvm::sys::fs::file_type::regular_file;
  auto ReadStart = std::chrono::steady_clock::now();
  auto AddReadTime = [&] {
    if (Stats)
      Stats->ReadMicros += static_cast<uint64_t>(
          std::chrono::duration_cast<std::chrono::microseconds>(
              std::chrono::steady_clock::now() - ReadStart)
              .count());
  };
  llvm::sys::fs::file_status Now;
  if (Opts.StreamFromBytes && Path != "-" &&
      !llvm::sys::fs::status(Path, Now) &&
      Now.type() == llvm::sys::fs::file_type::regular_file &&
      Now.getSize() >= Opts.StreamFromBytes &&
      Now.getSize() <= inputLimit(Path, Opts)) {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    if (std::unique_ptr<StreamedInput> In = StreamedInput::open(
            Path, Now.getSize(), Opts.StreamChunkBytes, Buffer)) {
      AddReadTime();
      ID = SM.AddNewSourceBuffer(std::move(Buffer), llvm::SMLoc());
      std::optional<InputPages> Pages;
      if (Rereadable)
        Pages.emplace(Path.str(), SM.getMemoryBuffer(ID)->getBuffer(), Before);
      bool Restart = false;
      CheckStatus S = checkText(SM, ID, Engine, Opts, Stats, /*NulFree=*/true,
                                Pages ? &*Pages : nullptr, In.get(), &Restart);
      if (!Restart)
        return S;
      ReadStart = std::chrono::steady_clock::now();
    }
  }
  CheckStatus S = loadText(Path, SM, Engine, ID, inputLimit(Path, Opts),
                           Opts.StdinName, Opts.Pool, NulFree);
  if (S != CheckStatus::Clean)
    return S;
  AddReadTime();
  std::optional<InputPages> Pages;
  if (Rereadable)
    Pages.emplace(Path.str(), SM.getMemoryBuffer(ID)->getBuffer(), Before);
  return checkText(SM, ID, Engine, Opts, Stats, NulFree,
                   Pages ? &*Pages : nullptr);
}
