// Tokens of one tcgen05 statement, from the 'tcgen05' opcode through its ';'
// (PTX ISA 9.7.16.7 - 9.7.16.12).
//
// A qualifier is one dotted word exactly as the generic PTX lexer splits it:
// '.', then [A-Za-z0-9_$]+, then any number of '::' [A-Za-z0-9_]+ parts.  Each
// word of the manual has its own token; any other word is a QUALIFIER, so the
// semantic checker (not the parser) reports it with the list of valid values.
// Equal-length matches go to the rule listed first, which is why the specific
// words precede the *_OTHER families and QUALIFIER.
lexer grammar Tcgen05Lexer;

TCGEN05 : 'tcgen05' ;

// Instruction names and their variant parts.
ALLOC        : '.alloc' ;
DEALLOC      : '.dealloc' ;
RELINQUISH   : '.relinquish_alloc_permit' ;
LD           : '.ld' ;
ST           : '.st' ;
RED          : '.red' ;
WAIT_LD      : '.wait::ld' ;
WAIT_ST      : '.wait::st' ;
CP           : '.cp' ;
SHIFT        : '.shift' ;
MMA          : '.mma' ;
SP           : '.sp' ;
WS           : '.ws' ;
FENCE_BEFORE : '.fence::before_thread_sync' ;
FENCE_AFTER  : '.fence::after_thread_sync' ;
COMMIT       : '.commit' ;
// '.wait' and '.fence' without (or with a wrong) '::' part, so that the
// parser can say which words were meant.
WAIT_OTHER   : '.wait' ('::' [A-Za-z0-9_]+)* ;
FENCE_OTHER  : '.fence' ('::' [A-Za-z0-9_]+)* ;

CTA_GROUP_1 : '.cta_group::1' ;
CTA_GROUP_2 : '.cta_group::2' ;

SYNC    : '.sync' ;
ALIGNED : '.aligned' ;

SHARED_CTA     : '.shared::cta' ;
SHARED_CLUSTER : '.shared::cluster' ;

B32 : '.b32' ;
B64 : '.b64' ;
U32 : '.u32' ;
S32 : '.s32' ;
F32 : '.f32' ;

// ld/st data-movement shapes (9.7.16.2.3) and cp shapes (9.7.16.9.2).
SHAPE_16X64B   : '.16x64b' ;
SHAPE_16X128B  : '.16x128b' ;
SHAPE_16X256B  : '.16x256b' ;
SHAPE_32X32B   : '.32x32b' ;
SHAPE_16X32BX2 : '.16x32bx2' ;
SHAPE_128X256B : '.128x256b' ;
SHAPE_4X256B   : '.4x256b' ;
SHAPE_128X128B : '.128x128b' ;
SHAPE_64X128B  : '.64x128b' ;
SHAPE_32X128B  : '.32x128b' ;

NUM_X1   : '.x1' ;
NUM_X2   : '.x2' ;
NUM_X4   : '.x4' ;
NUM_X8   : '.x8' ;
NUM_X16  : '.x16' ;
NUM_X32  : '.x32' ;
NUM_X64  : '.x64' ;
NUM_X128 : '.x128' ;

PACK_16B   : '.pack::16b' ;
UNPACK_16B : '.unpack::16b' ;

MIN : '.min' ;
MAX : '.max' ;
ABS : '.abs' ;
NAN : '.NaN' ;

KIND_F16      : '.kind::f16' ;
KIND_TF32     : '.kind::tf32' ;
KIND_F8F6F4   : '.kind::f8f6f4' ;
KIND_I8       : '.kind::i8' ;
KIND_MXF8F6F4 : '.kind::mxf8f6f4' ;
KIND_MXF4     : '.kind::mxf4' ;
KIND_MXF4NVF4 : '.kind::mxf4nvf4' ;

BLOCK_SCALE : '.block_scale' ;

SCALE_VEC_1X : '.scale_vec::1X' ;
SCALE_VEC_2X : '.scale_vec::2X' ;
SCALE_VEC_4X : '.scale_vec::4X' ;
BLOCK16      : '.block16' ;
BLOCK32      : '.block32' ;

// .collector::a::op (mma, mma.sp) and .collector::bN::op (mma.ws, mma.ws.sp).
COLLECTOR : '.collector::' ('a' | 'b0' | 'b1' | 'b2' | 'b3')
            '::' ('fill' | 'use' | 'lastuse' | 'discard') ;

ASHIFT : '.ashift' ;

WARPX2_02_13      : '.warpx2::02_13' ;
WARPX2_01_23      : '.warpx2::01_23' ;
WARPX4            : '.warpx4' ;
MULTICAST_CLUSTER : '.multicast::cluster' ;

B8X16     : '.b8x16' ;
B6X16_P32 : '.b6x16_p32' ;
B4X16_P64 : '.b4x16_p64' ;

DOWN : '.down' ;

MBARRIER_ARRIVE_ONE : '.mbarrier::arrive::one' ;

QUALIFIER : '.' [A-Za-z0-9_$]+ ('::' [A-Za-z0-9_]+)* ;

// Operands.  Every dotted word is listed above this line, which the parser's
// users rely on to tell qualifier tokens from operand tokens.
REGISTER : '%' [A-Za-z0-9_$]+ ;
IDENT    : [A-Za-z_$] [A-Za-z0-9_$]* ;
INTEGER
  : '0' [xX] [0-9a-fA-F]+ 'U'?
  | '0' [bB] [01]+ 'U'?
  | [0-9]+ 'U'?
  ;
// Only so that a float where an integer belongs is reported as one token.
FLOAT
  : '0' [fF] [0-9a-fA-F]+
  | '0' [dD] [0-9a-fA-F]+
  | [0-9]+ '.' [0-9]* ([eE] [+-]? [0-9]+)?
  ;

LBRACKET : '[' ;
RBRACKET : ']' ;
LBRACE   : '{' ;
RBRACE   : '}' ;
COMMA    : ',' ;
SEMI     : ';' ;
PLUS     : '+' ;
MINUS    : '-' ;
NOT      : '!' ;

BLANK         : [ \t\r\n\f\u000B]+ -> skip ;
LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;

// Anything else becomes a token of its own, so the lexer never fails and the
// parser reports the stray character in context.
STRAY : . ;
