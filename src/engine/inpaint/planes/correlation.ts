/** Pearson correlation of pairs added one by one (two signals compared where both are known). */
export class PairCorrelation {
  n = 0;
  private sa = 0;
  private sb = 0;
  private saa = 0;
  private sbb = 0;
  private sab = 0;

  add(a: number, b: number): void {
    this.n++;
    this.sa += a;
    this.sb += b;
    this.saa += a * a;
    this.sbb += b * b;
    this.sab += a * b;
  }

  /** The correlation; 0 when either side is flat. */
  value(): number {
    const n = this.n;
    const va = this.saa / n - (this.sa / n) ** 2,
      vb = this.sbb / n - (this.sb / n) ** 2;
    return va > 1e-6 && vb > 1e-6 ? (this.sab / n - (this.sa / n) * (this.sb / n)) / Math.sqrt(va * vb) : 0;
  }
}
