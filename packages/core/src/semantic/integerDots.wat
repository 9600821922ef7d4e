;; SEMV8: dot products of one int16 query with int8 vectors, 32 components per loop step (WebAssembly SIMD).
;; Compiled by scripts/compileIntegerDots.mjs into integerDotsWasm.ts; integerDots.ts computes the same
;; integers in plain JavaScript where SIMD is missing.
(module
  (memory (export "memory") 1)
  ;; out[v] = Σ_d query[d] × vectors[v × dimensions + d] for v < count, as int32.
  ;; `dimensions` is a multiple of 32; query is int16, vectors int8, out int32, all little-endian.
  (func (export "dots")
    (param $query i32) (param $vectors i32) (param $count i32) (param $dimensions i32) (param $out i32)
    (local $vector i32) (local $at i32) (local $end i32) (local $q i32)
    (local $low v128) (local $high v128) (local $sumA v128) (local $sumB v128)
    (block $vectorsDone
      (loop $vectorsLoop
        (br_if $vectorsDone (i32.ge_u (local.get $vector) (local.get $count)))
        (local.set $sumA (v128.const i32x4 0 0 0 0))
        (local.set $sumB (v128.const i32x4 0 0 0 0))
        (local.set $at (i32.add (local.get $vectors) (i32.mul (local.get $vector) (local.get $dimensions))))
        (local.set $end (i32.add (local.get $at) (local.get $dimensions)))
        (local.set $q (local.get $query))
        ;; Two independent sums, so one step's additions need not wait on the other's.
        (block $componentsDone
          (loop $componentsLoop
            (br_if $componentsDone (i32.ge_u (local.get $at) (local.get $end)))
            (local.set $low (v128.load (local.get $at)))
            (local.set $high (v128.load offset=16 (local.get $at)))
            (local.set $sumA
              (i32x4.add (local.get $sumA)
                (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $low)) (v128.load (local.get $q)))))
            (local.set $sumB
              (i32x4.add (local.get $sumB)
                (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $low)) (v128.load offset=16 (local.get $q)))))
            (local.set $sumA
              (i32x4.add (local.get $sumA)
                (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $high)) (v128.load offset=32 (local.get $q)))))
            (local.set $sumB
              (i32x4.add (local.get $sumB)
                (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $high)) (v128.load offset=48 (local.get $q)))))
            (local.set $at (i32.add (local.get $at) (i32.const 32)))
            (local.set $q (i32.add (local.get $q) (i32.const 64)))
            (br $componentsLoop)))
        (local.set $sumA (i32x4.add (local.get $sumA) (local.get $sumB)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $vector) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $sumA)) (i32x4.extract_lane 1 (local.get $sumA)))
            (i32.add (i32x4.extract_lane 2 (local.get $sumA)) (i32x4.extract_lane 3 (local.get $sumA)))))
        (local.set $vector (i32.add (local.get $vector) (i32.const 1)))
        (br $vectorsLoop)))))
