// The syntax of every tcgen05 instruction form of PTX ISA 9.7.16.7 - 9.7.16.12.
//
// The grammar fixes which words may appear where and the operands' forms and
// positions; the semantic checker enforces which qualifiers each form needs
// and allows.  Word positions follow CUDA 13.0's ptxas: the instruction name
// comes first ('.ld', '.mma', '.wait::ld', ...), '.red' and '.ws' must follow
// '.ld' and '.mma' directly, '.sp' may appear anywhere among an mma's
// qualifiers, and all other qualifiers may appear in any order.
//
// Each operand is parsed by a rule named for its role in the manual's syntax
// blocks, so the transformer reads roles off the tree and error messages can
// name the operand that was expected.  Where position alone does not decide
// the role, the operand's form does (an address, a vector or a scalar), as it
// does in the manual's own forms.
parser grammar Tcgen05Parser;

options { tokenVocab = Tcgen05Lexer; }

statement : instruction SEMI EOF ;

instruction
  : allocInst
  | deallocInst
  | relinquishInst
  | ldInst
  | stInst
  | waitInst
  | cpInst
  | shiftInst
  | mmaInst
  | mmaWsInst
  | fenceInst
  | commitInst
  | unknownInst
  ;

// 9.7.16.7.1
allocInst      : TCGEN05 ALLOC qualifierList dst COMMA nCols ;
deallocInst    : TCGEN05 DEALLOC qualifierList taddrValue COMMA nCols ;
relinquishInst : TCGEN05 RELINQUISH_ALLOC_PERMIT qualifierList ;

// 9.7.16.8.3 - 9.7.16.8.5
ldInst
  : TCGEN05 LD RED qualifierList
      values COMMA redVal COMMA taddr (COMMA immHalfSplitoff)?
  | TCGEN05 LD qualifierList
      values COMMA (strayRedVal COMMA)? taddr (COMMA immHalfSplitoff)?
  ;
stInst : TCGEN05 ST qualifierList taddr COMMA (immHalfSplitoff COMMA)? values ;
waitInst : TCGEN05 waitName qualifierList ;
// WAIT_OTHER ('.wait', '.wait::x') is matched so that the error can name the
// two valid words; likewise FENCE_OTHER below.
waitName : WAIT_LD | WAIT_ST | WAIT_OTHER ;

// 9.7.16.9.2 - 9.7.16.9.3
cpInst    : TCGEN05 CP qualifierList taddr COMMA sDesc ;
shiftInst : TCGEN05 SHIFT qualifierList taddr ;

// 9.7.16.10.9.1 - 9.7.16.10.9.2: tcgen05.mma and tcgen05.mma.sp.  With
// .sp, [sp-meta-tmem] follows b-desc; with .block_scale, [scale-A-tmem] and
// [scale-B-tmem] follow idesc.  Both are told apart by their address form.
mmaInst
  : TCGEN05 MMA mmaQualifierList
      dTmem COMMA aOperand COMMA bDesc COMMA (spMetaTmem COMMA)? idesc COMMA
      mmaTail
  ;
mmaTail
  : scaleATmem COMMA scaleBTmem COMMA enableInputD
  | (disableOutputLane COMMA)? enableInputD (COMMA scaleInputD (COMMA extraImm)?)?
  ;

// 9.7.16.10.9.3 - 9.7.16.10.9.4: tcgen05.mma.ws and tcgen05.mma.ws.sp.
mmaWsInst
  : TCGEN05 MMA WS mmaQualifierList
      dTmem COMMA aOperand COMMA bDesc COMMA (spMetaTmem COMMA)? idesc COMMA
      enableInputD (COMMA zeroColumnMaskDesc)?
  ;

// 9.7.16.11.1
fenceInst : TCGEN05 fenceName qualifierList ;
fenceName : FENCE_BEFORE_THREAD_SYNC | FENCE_AFTER_THREAD_SYNC | FENCE_OTHER ;

// 9.7.16.12.1
commitInst : TCGEN05 COMMIT qualifierList mbar (COMMA ctaMask)? ;

// A first word that names no instruction; reported as an unknown
// instruction.  (A missing name is a syntax error in 'instruction'.)
unknownInst : TCGEN05 (qualifier | SP | WS | RED) (~SEMI)* ;

// Qualifiers.  Name words are no qualifiers: one out of place ends the list
// and the error names the place where it belongs.
qualifierList    : qualifier* ;
mmaQualifierList : (qualifier | sparsity)* ;
sparsity         : SP ;

// Which word it is and what it selects is the transformer's business
// (Tcgen05Qualifiers.def); the grammar fixes only where qualifiers go.
qualifier : QUALIFIER ;

// Operands, one rule per role.
dst                : address ;
nCols              : scalar ;
taddr              : address ;
taddrValue         : scalar ;   // dealloc's taddr is a value, not [taddr]
values             : vector ;
redVal             : scalar | vector ;
// Matched on purpose: a redval without .red gets a message of its own.
strayRedVal        : scalar | vector ;
immHalfSplitoff    : scalar ;
sDesc              : scalar ;
dTmem              : address ;
aOperand           : aTmem | aDesc ;
aTmem              : address ;
aDesc              : scalar ;
bDesc              : scalar ;
spMetaTmem         : address ;
idesc              : scalar ;
scaleATmem         : address ;
scaleBTmem         : address ;
disableOutputLane  : vector ;
enableInputD       : NOT? scalar ;
scaleInputD        : scalar ;
// Not in the manual: ptxas 13.0 takes one more immediate after
// scale-input-d (lib/Sema/Tcgen05/Operands.def, ExtraImm).
extraImm           : scalar ;
zeroColumnMaskDesc : scalar ;
mbar               : address ;
ctaMask            : scalar ;

// Operand forms.
address
  : LBRACKET (REGISTER | IDENT | integer) ((PLUS | MINUS) integer)? RBRACKET ;
vector  : LBRACE scalar (COMMA scalar)* RBRACE ;
scalar  : REGISTER | IDENT | integer ;
integer : MINUS? INTEGER ;
