/** A fixed-size set of small integers (product positions) for fast facet filtering and counting. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array(Math.ceil(size / 32));
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const extra = set.words.length * 32 - size;
    if (extra > 0 && set.words.length > 0) set.words[set.words.length - 1] = 0xffffffff >>> extra;
    return set;
  }

  add(position: number): void {
    const index = position >>> 5;
    this.words[index] = (this.words[index] as number) | (1 << (position & 31));
  }

  has(position: number): boolean {
    return ((this.words[position >>> 5] as number) & (1 << (position & 31))) !== 0;
  }

  and(other: Bitset): Bitset {
    const result = new Bitset(this.size);
    for (let index = 0; index < this.words.length; index++) {
      result.words[index] = (this.words[index] as number) & (other.words[index] as number);
    }
    return result;
  }

  or(other: Bitset): Bitset {
    const result = new Bitset(this.size);
    for (let index = 0; index < this.words.length; index++) {
      result.words[index] = (this.words[index] as number) | (other.words[index] as number);
    }
    return result;
  }

  not(): Bitset {
    return this.xorWith(Bitset.full(this.size));
  }

  private xorWith(other: Bitset): Bitset {
    const result = new Bitset(this.size);
    for (let index = 0; index < this.words.length; index++) {
      result.words[index] = (this.words[index] as number) ^ (other.words[index] as number);
    }
    return result;
  }

  count(): number {
    let total = 0;
    for (const word of this.words) total += popcount(word);
    return total;
  }

  /** Size of the intersection without building it (facet counts). */
  countAnd(other: Bitset): number {
    let total = 0;
    for (let index = 0; index < this.words.length; index++) {
      const word = (this.words[index] as number) & (other.words[index] as number);
      if (word !== 0) total += popcount(word);
    }
    return total;
  }

  /** Positions in ascending order, skipping `skip` and returning at most `take`. */
  positions(skip = 0, take = Number.POSITIVE_INFINITY): number[] {
    const found: number[] = [];
    let seen = 0;
    for (let index = 0; index < this.words.length && found.length < take; index++) {
      let word = this.words[index] as number;
      while (word !== 0 && found.length < take) {
        const bit = 31 - Math.clz32(word & -word);
        if (seen >= skip) found.push(index * 32 + bit);
        seen++;
        word &= word - 1;
      }
    }
    return found;
  }
}

function popcount(value: number): number {
  let word = value - ((value >>> 1) & 0x55555555);
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
