/**
 * `DOCSGEN_DEBUG_MEMORY=1 docsgen build …` prints the memory at the end of each build stage and the
 * peak (sampled every 200 ms) with the stage it was reached in: the process's RSS (every thread:
 * parse and search workers are threads of this process) beside this thread's V8 heap and the
 * memory outside it (Buffers). How docs/performance.md's memory figures are found. Off (the
 * default), nothing is sampled or printed.
 */
import { getHeapStatistics } from 'node:v8';

export interface MemoryProbe {
  /** A new stage starts: the memory at the end of the one before is printed. */
  stage(name: string): void;
  /** Stops sampling and prints the peak. */
  end(): void;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** One line of figures: RSS, this thread's heap used / its size, and memory outside the heap. */
export function memoryLine(): string {
  const usage = process.memoryUsage();
  const heap = getHeapStatistics();
  return `rss ${mb(usage.rss)}, main heap ${mb(heap.used_heap_size)} of ${mb(heap.total_heap_size)}, external ${mb(usage.external)}`;
}

/** The probe when `env.DOCSGEN_DEBUG_MEMORY` is set, else undefined (nothing runs). */
export function memoryProbe(
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): MemoryProbe | undefined {
  if (!env.DOCSGEN_DEBUG_MEMORY) return undefined;
  let current = 'start';
  let peak = { rss: 0, stage: current, line: '' };
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peak.rss) peak = { rss, stage: current, line: memoryLine() };
  };
  const timer = setInterval(sample, 200);
  timer.unref();
  return {
    stage(name) {
      sample();
      print(`memory: end of ${current}: ${memoryLine()}`);
      current = name;
    },
    end() {
      clearInterval(timer);
      this.stage('end');
      print(`memory: peak during ${peak.stage}: ${peak.line}`);
    },
  };
}
