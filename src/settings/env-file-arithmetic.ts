/**
 * Bash's arithmetic expansion (`$(( ... ))`) for env files (ARCHITECTURE
 * section 7): 64-bit signed integers that wrap, bash's operators and
 * precedence, `0x`/octal/`base#digits` constants, variables whose values are
 * themselves expressions, assignments (`=`, `+=`, `++`, ...) that set
 * variables, and short-circuit `&&`, `||` and `?:` that leave the branch not
 * taken unevaluated. Pure: variables are read and set through `scope`.
 *
 * @since 0.3.0
 */

/**
 * Where an expression reads and sets variables.
 *
 * @category models
 * @since 0.3.0
 */
export interface ArithmeticScope {
  /** The variable's value, `undefined` when unset. */
  readonly get: (name: string) => string | undefined
  /** Set a variable to the decimal text of a value. */
  readonly set: (name: string, value: string) => void
}

/**
 * An expression bash refuses (division by zero, a bad constant, a syntax
 * error): bash prints the message and abandons the command.
 *
 * @category models
 * @since 0.3.0
 */
export class ArithmeticError extends Error {
  override readonly name = "ArithmeticError"
}

const MIN = -(1n << 63n)
const wrap = (n: bigint): bigint => BigInt.asIntN(64, n)
const maxDepth = 1024

type Token =
  | { readonly kind: "num"; readonly text: string }
  | { readonly kind: "id"; readonly text: string }
  | { readonly kind: "op"; readonly text: string }
  /** Where the text stops being tokens; `text` is bash's message. */
  | { readonly kind: "bad"; readonly text: string }

const operators = [
  "<<=",
  ">>=",
  "**",
  "++",
  "--",
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "&&",
  "||",
  "*=",
  "/=",
  "%=",
  "+=",
  "-=",
  "&=",
  "^=",
  "|=",
  "+",
  "-",
  "*",
  "/",
  "%",
  "<",
  ">",
  "&",
  "^",
  "|",
  "!",
  "~",
  "?",
  ":",
  "=",
  ",",
  "(",
  ")"
]

const tokenize = (text: string): Array<Token> => {
  const tokens: Array<Token> = []
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === " " || c === "\t" || c === "\n") {
      i++
      continue
    }
    const number = /^[0-9][0-9A-Za-z@_#]*/.exec(text.slice(i))
    if (number !== null) {
      tokens.push({ kind: "num", text: number[0] })
      i += number[0].length
      continue
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))
    if (id !== null) {
      tokens.push({ kind: "id", text: id[0] })
      i += id[0].length
      continue
    }
    let op = operators.find((o) => text.startsWith(o, i))
    if (op === "++" || op === "--") {
      // bash reads ++ and -- as one operator after a variable or before one; otherwise as two signs (---X is -(--X)).
      const previous = tokens[tokens.length - 1]
      if (previous?.kind !== "id" && !/^[ \t\n]*[A-Za-z_]/.test(text.slice(i + 2))) op = op[0]!
    }
    if (op === undefined) {
      // bash reads tokens as it evaluates: what comes before a bad character is evaluated (and may assign) first.
      tokens.push({
        kind: "bad",
        text: `syntax error: invalid arithmetic operator (error token is "${text.slice(i)}")`
      })
      return tokens
    }
    tokens.push({ kind: "op", text: op })
    i += op.length
  }
  return tokens
}

const digitValue = (c: string, base: number): number => {
  const code = c.charCodeAt(0)
  if (c >= "0" && c <= "9") return code - 48
  if (c >= "a" && c <= "z") return code - 97 + 10
  if (c >= "A" && c <= "Z") return base <= 36 ? code - 65 + 10 : code - 65 + 36
  if (c === "@") return 62
  if (c === "_") return 63
  return 99
}

/** A constant: decimal, `0` octal, `0x` hex, or `base#digits` (bases 2 to 64). */
const constant = (text: string): bigint => {
  let base = 10
  let digits = text
  const hash = text.indexOf("#")
  if (hash !== -1) {
    base = Number(text.slice(0, hash))
    digits = text.slice(hash + 1)
    if (!/^[0-9]+$/.test(text.slice(0, hash)) || base < 2 || base > 64)
      throw new ArithmeticError(`${text}: invalid arithmetic base (error token is "${text}")`)
    if (digits === "") throw new ArithmeticError(`${text}: invalid integer constant (error token is "${text}")`)
  } else if (/^0[xX]/.test(text)) {
    base = 16
    digits = text.slice(2)
    // bash reads "0x" alone as 0.
  } else if (text.length > 1 && text.startsWith("0")) {
    base = 8
    digits = text.slice(1)
  }
  let value = 0n
  for (const c of digits) {
    const d = digitValue(c, base)
    if (d >= base) throw new ArithmeticError(`${text}: value too great for base (error token is "${text}")`)
    value = wrap(value * BigInt(base) + BigInt(d))
  }
  return value
}

const toText = (n: bigint): string => n.toString()

/**
 * Evaluate an arithmetic expression the way bash's `$(( ))` does, returning
 * its value as decimal text.
 *
 * **Example** (Variables hold expressions)
 *
 * ```ts
 * const vars: Record<string, string> = { X: "1+2" }
 * evaluateArithmetic("X * 2, Y = 7", { get: (n) => vars[n], set: (n, v) => { vars[n] = v } })
 * // => "7"; vars.Y === "7"; "X * 2" alone gives "6"
 * ```
 *
 * @category arithmetic
 * @since 0.3.0
 */
export const evaluateArithmetic = (text: string, scope: ArithmeticScope): string => {
  try {
    return evaluate(text, scope, 0)
  } catch (error) {
    // Variables whose values name each other nest evaluations; past the stack, bash's own limit has been passed too.
    if (error instanceof RangeError) throw new ArithmeticError("expression recursion level exceeded")
    throw error
  }
}

// long: a recursive-descent evaluator for bash's $(( )) whose closures share the cursor
const evaluate = (text: string, scope: ArithmeticScope, depth: number): string => {
  if (depth > maxDepth) throw new ArithmeticError("expression recursion level exceeded")
  const tokens = tokenize(text)
  let pos = 0
  /** Nonzero while parsing a branch that is not taken: nothing is evaluated or assigned. */
  let skip = 0
  const peek = (): Token | undefined => {
    const t = tokens[pos]
    if (t?.kind === "bad") throw new ArithmeticError(t.text)
    return t
  }
  const isOp = (t: Token | undefined, ...ops: ReadonlyArray<string>): boolean =>
    t !== undefined && t.kind === "op" && ops.includes(t.text)
  const fail = (): never => {
    const rest = tokens
      .slice(pos)
      .map((t) => t.text)
      .join(" ")
    throw new ArithmeticError(
      rest === "" ? "syntax error: operand expected" : `syntax error: operand expected (error token is "${rest}")`
    )
  }
  const variableValue = (name: string): bigint => {
    if (skip > 0) return 0n
    const value = scope.get(name)
    if (value === undefined || value === "") return 0n
    return BigInt(evaluate(value, scope, depth + 1))
  }
  const assign = (name: string, value: bigint): bigint => {
    if (skip === 0) scope.set(name, toText(value))
    return value
  }
  const divide = (op: string, a: bigint, b: bigint): bigint => {
    if (skip > 0) return 0n
    if (b === 0n) throw new ArithmeticError("division by 0")
    if (a === MIN && b === -1n) return op === "/" ? MIN : 0n
    return op === "/" ? a / b : a % b
  }
  const binary = (op: string, a: bigint, b: bigint): bigint => {
    switch (op) {
      case "*":
        return wrap(a * b)
      case "/":
      case "%":
        return divide(op, a, b)
      case "+":
        return wrap(a + b)
      case "-":
        return wrap(a - b)
      case "<<":
        return wrap(a << (b & 63n))
      case ">>":
        return a >> (b & 63n)
      case "&":
        return a & b
      case "^":
        return a ^ b
      case "|":
        return a | b
      case "**": {
        // Checked even where nothing is evaluated, as bash does.
        if (b < 0n) throw new ArithmeticError("exponent less than 0")
        if (skip > 0) return 0n
        let result = 1n
        let base = a
        let e = b
        while (e > 0n) {
          if (e & 1n) result = wrap(result * base)
          base = wrap(base * base)
          e >>= 1n
        }
        return result
      }
    }
    throw new ArithmeticError(`syntax error: invalid arithmetic operator (error token is "${op}")`)
  }

  const comma = (): bigint => {
    let value = assignment()
    while (isOp(peek(), ",")) {
      pos++
      value = assignment()
    }
    return value
  }
  const assignment = (): bigint => {
    const t = peek()
    const next = tokens[pos + 1]
    if (t?.kind === "id" && isOp(next, "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=")) {
      pos += 2
      const op = next!.text
      // bash reads the variable of a compound assignment (`X *= ...`) before the right side, which may change it.
      const left = op === "=" ? 0n : variableValue(t.text)
      const right = assignment()
      if (op === "=") return assign(t.text, right)
      return assign(t.text, binary(op.slice(0, -1), left, right))
    }
    const value = conditional()
    // bash refuses `=` after anything but a variable at once, before an enclosing assignment is made.
    if (isOp(peek(), "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=")) {
      throw new ArithmeticError(
        `attempted assignment to non-variable (error token is "${tokens
          .slice(pos)
          .map((t) => t.text)
          .join(" ")}")`
      )
    }
    return value
  }
  const conditional = (): bigint => {
    const test = logical(0)
    if (!isOp(peek(), "?")) return test
    pos++
    if (test === 0n) skip++
    const yes = comma()
    if (test === 0n) skip--
    if (!isOp(peek(), ":")) throw new ArithmeticError("`:' expected for conditional expression")
    pos++
    if (test !== 0n) skip++
    const no = conditional()
    if (test !== 0n) skip--
    return test !== 0n ? yes : no
  }
  /** Binary operators from loosest to tightest, `**` apart (it groups to the right). */
  const levels: ReadonlyArray<ReadonlyArray<string>> = [
    ["||"],
    ["&&"],
    ["|"],
    ["^"],
    ["&"],
    ["==", "!="],
    ["<=", ">=", "<", ">"],
    ["<<", ">>"],
    ["+", "-"],
    ["*", "/", "%"]
  ]
  const logical = (level: number): bigint => {
    if (level === levels.length) return power()
    let left = logical(level + 1)
    for (;;) {
      const t = peek()
      if (t === undefined || t.kind !== "op" || !levels[level]!.includes(t.text)) return left
      pos++
      const op = t.text
      if (op === "&&" || op === "||") {
        const decided = op === "&&" ? left === 0n : left !== 0n
        if (decided) skip++
        const right = logical(level + 1)
        if (decided) skip--
        left = decided ? (op === "&&" ? 0n : 1n) : right !== 0n ? 1n : 0n
        continue
      }
      const right = logical(level + 1)
      left =
        op === "=="
          ? left === right
            ? 1n
            : 0n
          : op === "!="
            ? left !== right
              ? 1n
              : 0n
            : op === "<"
              ? left < right
                ? 1n
                : 0n
              : op === ">"
                ? left > right
                  ? 1n
                  : 0n
                : op === "<="
                  ? left <= right
                    ? 1n
                    : 0n
                  : op === ">="
                    ? left >= right
                      ? 1n
                      : 0n
                    : binary(op, left, right)
    }
  }
  const power = (): bigint => {
    const base = unary()
    if (!isOp(peek(), "**")) return base
    pos++
    return binary("**", base, power())
  }
  const unary = (): bigint => {
    const t = peek()
    if (isOp(t, "!")) {
      pos++
      return unary() === 0n ? 1n : 0n
    }
    if (isOp(t, "~")) {
      pos++
      return ~unary()
    }
    if (isOp(t, "-")) {
      pos++
      return wrap(-unary())
    }
    if (isOp(t, "+")) {
      pos++
      return unary()
    }
    if (isOp(t, "++", "--")) {
      const target = tokens[pos + 1]
      if (target?.kind !== "id") {
        // "++5" and "--5" are two signs, as in bash.
        pos++
        const inner = unary()
        return t!.text === "++" ? inner : inner
      }
      pos += 2
      // bash reads the token after the variable before it assigns: "--x." fails with x unchanged ("x--." does not).
      const next = tokens[pos]
      if (next?.kind === "bad") throw new ArithmeticError(next.text)
      const value = wrap(variableValue(target.text) + (t!.text === "++" ? 1n : -1n))
      return assign(target.text, value)
    }
    return postfix()
  }
  const postfix = (): bigint => {
    const t = peek()
    if (t?.kind === "id" && isOp(tokens[pos + 1], "++", "--")) {
      pos += 2
      const value = variableValue(t.text)
      assign(t.text, wrap(value + (tokens[pos - 1]!.text === "++" ? 1n : -1n)))
      return value
    }
    return primary()
  }
  const primary = (): bigint => {
    const t = peek()
    if (t === undefined) return fail()
    if (t.kind === "num") {
      pos++
      return constant(t.text)
    }
    if (t.kind === "id") {
      pos++
      return variableValue(t.text)
    }
    if (isOp(t, "(")) {
      pos++
      const value = comma()
      if (!isOp(peek(), ")")) throw new ArithmeticError("missing `)'")
      pos++
      return value
    }
    return fail()
  }

  if (tokens.length === 0) return "0"
  const value = comma()
  if (pos < tokens.length) {
    peek()
    const rest = tokens
      .slice(pos)
      .map((t) => t.text)
      .join(" ")
    throw new ArithmeticError(`syntax error in expression (error token is "${rest}")`)
  }
  return toText(value)
}
