// Exact fractions (BigInt numerator and denominator, always reduced, denominator > 0): the exact
// RTP of a game is one of these, so two computations of it compare exactly.

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export class Rational {
  readonly numerator: bigint;
  readonly denominator: bigint;

  private constructor(numerator: bigint, denominator: bigint) {
    this.numerator = numerator;
    this.denominator = denominator;
  }

  /** numerator / denominator, reduced. */
  static of(numerator: bigint | number, denominator: bigint | number = 1n): Rational {
    let n = BigInt(numerator);
    let d = BigInt(denominator);
    if (d === 0n) throw new RangeError('a fraction with denominator 0');
    if (d < 0n) [n, d] = [-n, -d];
    const divisor = gcd(n, d) || 1n;
    return new Rational(n / divisor, d / divisor);
  }

  static readonly ZERO = Rational.of(0n);
  static readonly ONE = Rational.of(1n);

  add(other: Rational): Rational {
    return Rational.of(this.numerator * other.denominator + other.numerator * this.denominator, this.denominator * other.denominator);
  }

  sub(other: Rational): Rational {
    return Rational.of(this.numerator * other.denominator - other.numerator * this.denominator, this.denominator * other.denominator);
  }

  mul(other: Rational): Rational {
    return Rational.of(this.numerator * other.numerator, this.denominator * other.denominator);
  }

  div(other: Rational): Rational {
    return Rational.of(this.numerator * other.denominator, this.denominator * other.numerator);
  }

  equals(other: Rational): boolean {
    return this.numerator === other.numerator && this.denominator === other.denominator;
  }

  compare(other: Rational): number {
    const difference = this.numerator * other.denominator - other.numerator * this.denominator;
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }

  /** The nearest double (to about 17 significant digits, even for huge numerators/denominators). */
  toNumber(): number {
    const negative = this.numerator < 0n;
    const n = negative ? -this.numerator : this.numerator;
    const integer = n / this.denominator;
    const remainder = n % this.denominator;
    const scale = 10n ** 20n;
    const fraction = Number((remainder * scale) / this.denominator) / 1e20;
    const value = Number(integer) + fraction;
    return negative ? -value : value;
  }

  toString(): string {
    return this.denominator === 1n ? `${this.numerator}` : `${this.numerator}/${this.denominator}`;
  }
}
