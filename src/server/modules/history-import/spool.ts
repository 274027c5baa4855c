// The checked transactions between the two passes: fixed-size binary records in a temporary file,
// so the write reads them back without parsing CSV a second time (half the import's CPU) and
// without holding millions of rows in memory. Text that repeats (event ids, ticket types, price
// categories) is stored as an index into a table kept in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** event u32, sold_at f64 (epoch seconds), quantity i32, amount f64 (minor units), type u8, price category u32. */
const RECORD = 4 + 8 + 4 + 8 + 1 + 4;
const CHUNK_RECORDS = 16_384;

export interface SpoolBatch {
  size: number;
  event: Uint32Array;
  soldS: Float64Array;
  quantity: Int32Array;
  amount: Float64Array;
  type: Uint8Array;
  priceCategory: Uint32Array;
}

export class TransactionSpool {
  private buf = Buffer.allocUnsafe(RECORD * CHUNK_RECORDS);
  private used = 0;
  private open = true;
  count = 0;

  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private readonly fd: number,
  ) {}

  static create(): TransactionSpool {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-import-'));
    const file = path.join(dir, 'transactions.bin');
    return new TransactionSpool(dir, file, fs.openSync(file, 'w', 0o600));
  }

  /** Adds one record; returns a promise only when a full chunk goes to disk. */
  add(event: number, soldS: number, quantity: number, amount: number, type: number, priceCategory: number): Promise<void> | undefined {
    let at = this.used * RECORD;
    const b = this.buf;
    b.writeUInt32LE(event, at);
    b.writeDoubleLE(soldS, (at += 4));
    b.writeInt32LE(quantity, (at += 8));
    b.writeDoubleLE(amount, (at += 4));
    b.writeUInt8(type, (at += 8));
    b.writeUInt32LE(priceCategory, at + 1);
    this.count++;
    return ++this.used === CHUNK_RECORDS ? this.flush() : undefined;
  }

  private async flush(): Promise<void> {
    const full = this.buf.subarray(0, this.used * RECORD);
    this.buf = Buffer.allocUnsafe(RECORD * CHUNK_RECORDS);
    this.used = 0;
    await new Promise<void>((resolve, reject) => fs.write(this.fd, full, (err) => (err ? reject(err) : resolve())));
  }

  /** Writes what is left; call once before reading back. */
  async finish(): Promise<void> {
    if (this.used) await this.flush();
    this.close();
  }

  private close(): void {
    if (this.open) fs.closeSync(this.fd);
    this.open = false;
  }

  /** The records in order, `size` at a time. */
  async *batches(size: number): AsyncGenerator<SpoolBatch> {
    const stream = fs.createReadStream(this.file, { highWaterMark: RECORD * size });
    let carry: Buffer = Buffer.alloc(0);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const n = Math.floor(data.length / RECORD);
      carry = data.subarray(n * RECORD);
      if (n) yield decode(data, n);
    }
    if (carry.length) throw new Error('history import: the spool file ends in the middle of a record');
  }

  /** Removes the file; safe to call at any point, and more than once. */
  dispose(): void {
    this.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function decode(data: Buffer, n: number): SpoolBatch {
  const out: SpoolBatch = {
    size: n,
    event: new Uint32Array(n),
    soldS: new Float64Array(n),
    quantity: new Int32Array(n),
    amount: new Float64Array(n),
    type: new Uint8Array(n),
    priceCategory: new Uint32Array(n),
  };
  for (let i = 0, at = 0; i < n; i++, at += RECORD) {
    out.event[i] = data.readUInt32LE(at);
    out.soldS[i] = data.readDoubleLE(at + 4);
    out.quantity[i] = data.readInt32LE(at + 12);
    out.amount[i] = data.readDoubleLE(at + 16);
    out.type[i] = data.readUInt8(at + 24);
    out.priceCategory[i] = data.readUInt32LE(at + 25);
  }
  return out;
}

/** Text ↔ small integer, for values that repeat across millions of rows. */
export class TextTable {
  private readonly index = new Map<string, number>();
  readonly values: string[] = [];

  idOf(value: string): number {
    let id = this.index.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.index.set(value, id);
    }
    return id;
  }

  has(value: string): boolean {
    return this.index.has(value);
  }

  get size(): number {
    return this.values.length;
  }
}
