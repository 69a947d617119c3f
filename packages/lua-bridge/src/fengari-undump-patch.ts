/**
 * What lug's fengari bundle changes in loading a compiled chunk, patched into
 * fengari's lundump.js and lauxlib.js at build time (fengari-patches.ts's
 * blockUndump). Nothing here runs in lug itself: these are the texts.
 *
 * fengari 0.1.5 loads a compiled chunk (lug's cache of compiled Lua,
 * chunk-cache.ts) an instruction at a time: a `luaZ_read` of 4 bytes, a
 * DataView read and seven calls of `MASK1` for each one, the same read for
 * each line number, and a new Uint8Array for each string (a constant, a local's
 * name). Loading the stock runtime's chunks at start-up (basic.lug, the
 * workflows) ran that code cold: ~7 ms of `lug -p`'s start-up in a CPU profile.
 * Patched:
 * - a function's instructions and its line numbers are read in one go each
 *   and decoded from the bytes, with the masks worked out once; the decoded
 *   instructions are the same objects, field for field;
 * - a chunk given whole (luaL_loadbufferx: the cache's bytes, `load(s)`) is
 *   copied once: its bytes and ints are read from that copy directly, and its
 *   strings are views of it, which nothing else holds (as string.sub's views:
 *   subWithoutCopy in fengari-patches.ts); a chunk read piece by piece (a reader
 *   function, a file) is read as before, since its reader may hand back the
 *   same buffer refilled;
 * - a count too large to allocate at once (only a damaged file claims one)
 *   is read the old way, which says where the file ends short.
 * The stock chunks load in ~3 ms instead of ~6 (a fresh process, medians of
 * 9, three rounds alternated); `lug -p` reaches its first request 1.3-1.7 ms
 * sooner (paired A/B of the two builds 0.95-0.98). Held by
 * fengari-undump.test.ts and the Lua 5.3 suite's `string.dump` tests; it can
 * go when fengari reads its chunks in blocks.
 */

/** A count this large is read the old way: only a damaged file claims one. */
const BLOCK_MAX = 1 << 24;

/** Edits of fengari's lundump.js. */
export const blockUndumpEdits: Array<[from: string, to: string]> = [
  [
    `let LUAC_DATA = [0x19, 0x93, 13, 10, 0x1a, 10];`,
    `let LUAC_DATA = [0x19, 0x93, 13, 10, 0x1a, 10];
/* lug: the masks of LoadCode worked out once, and a little-endian int32 read from bytes (see packages/lua-bridge/src/fengari-undump-patch.ts) */
const lugMask = (n) => ~((~0) << n);
const LUG_MASK_OP = lugMask(SIZE_OP), LUG_MASK_A = lugMask(SIZE_A), LUG_MASK_B = lugMask(SIZE_B), LUG_MASK_C = lugMask(SIZE_C), LUG_MASK_Bx = lugMask(SIZE_Bx), LUG_MASK_Ax = lugMask(SIZE_Ax);
const lugInt32 = (b, j) => b[j] | (b[j + 1] << 8) | (b[j + 2] << 16) | (b[j + 3] << 24);`,
  ],
  [
    `        this.u8 = new Uint8Array(this.arraybuffer);
    }

    read(size) {`,
    `        this.u8 = new Uint8Array(this.arraybuffer);
        /* lug: a chunk given whole, copied once (see packages/lua-bridge/src/fengari-undump-patch.ts) */
        this.lugBytes = undefined;
        this.lugBase = 0;
        if (Z.data !== null && typeof Z.data === "object" && Z.data.lugWhole === true && Z.buffer !== null && Z.n > 0) {
            this.lugBytes = Z.buffer.slice(Z.off, Z.off + Z.n);
            this.lugBase = Z.off;
        }
    }

    /* lug: size bytes of a chunk given whole, as a view of its copy; otherwise read as before */
    lugRead(size) {
        const z = this.Z;
        if (this.lugBytes === undefined || z.n < size) return this.read(size);
        const at = z.off - this.lugBase;
        z.off += size;
        z.n -= size;
        if (z.n === 0) z.buffer = null;
        return this.lugBytes.subarray(at, at + size);
    }

    read(size) {`,
  ],
  [
    `    LoadByte() {
        if (luaZ_read(this.Z, this.u8, 0, 1) !== 0)`,
    `    LoadByte() {
        const z = this.Z;
        if (this.lugBytes !== undefined && z.n > 0) { /* lug: see packages/lua-bridge/src/fengari-undump-patch.ts */
            const c = this.lugBytes[z.off - this.lugBase];
            z.off++;
            if (--z.n === 0) z.buffer = null;
            return c;
        }
        if (luaZ_read(this.Z, this.u8, 0, 1) !== 0)`,
  ],
  [
    `    LoadInt() {
        if (luaZ_read(this.Z, this.u8, 0, this.intSize) !== 0)`,
    `    LoadInt() {
        const z = this.Z;
        if (this.lugBytes !== undefined && z.n >= 4) { /* lug: see packages/lua-bridge/src/fengari-undump-patch.ts */
            const j = z.off - this.lugBase;
            z.off += 4;
            if ((z.n -= 4) === 0) z.buffer = null;
            return lugInt32(this.lugBytes, j);
        }
        if (luaZ_read(this.Z, this.u8, 0, this.intSize) !== 0)`,
  ],
  [
    `        return luaS_bless(this.L, this.read(size-1));`,
    `        return luaS_bless(this.L, this.lugRead(size-1)); /* lug: see packages/lua-bridge/src/fengari-undump-patch.ts */`,
  ],
  [
    `    LoadCode(f) {
        let n = this.LoadInt();
        let p = BytecodeParser;

        for (let i = 0; i < n; i++) {`,
    `    LoadCode(f) {
        let n = this.LoadInt();
        let p = BytecodeParser;
        if (n > 0 && n <= ${BLOCK_MAX}) { /* lug: see packages/lua-bridge/src/fengari-undump-patch.ts */
            const b = this.lugRead(n * 4);
            for (let i = 0; i < n; i++) {
                const ins = lugInt32(b, i * 4) >>> 0;
                f.code[i] = {
                    code:   ins,
                    opcode: (ins >> POS_OP) & LUG_MASK_OP,
                    A:      (ins >> POS_A)  & LUG_MASK_A,
                    B:      (ins >> POS_B)  & LUG_MASK_B,
                    C:      (ins >> POS_C)  & LUG_MASK_C,
                    Bx:     (ins >> POS_Bx) & LUG_MASK_Bx,
                    Ax:     (ins >> POS_Ax) & LUG_MASK_Ax,
                    sBx:    ((ins >> POS_Bx) & LUG_MASK_Bx) - MAXARG_sBx
                };
            }
            return;
        }

        for (let i = 0; i < n; i++) {`,
  ],
  [
    `    LoadDebug(f) {
        let n = this.LoadInt();
        for (let i = 0; i < n; i++)
            f.lineinfo[i] = this.LoadInt();`,
    `    LoadDebug(f) {
        let n = this.LoadInt();
        if (n > 0 && n <= ${BLOCK_MAX}) { /* lug: see packages/lua-bridge/src/fengari-undump-patch.ts */
            const b = this.lugRead(n * 4);
            for (let i = 0; i < n; i++) f.lineinfo[i] = lugInt32(b, i * 4);
        } else
        for (let i = 0; i < n; i++)
            f.lineinfo[i] = this.LoadInt();`,
  ],
];

/** luaL_loadbufferx hands lua_load its bytes whole, in one piece: the undump may copy them once. An edit of fengari's lauxlib.js. */
export const wholeBuffer: [from: string, to: string] = [
  '    return lua_load(L, getS, {string: buff}, name, mode);',
  '    return lua_load(L, getS, {string: buff, lugWhole: true}, name, mode); /* lug: see packages/lua-bridge/src/fengari-undump-patch.ts */',
];
