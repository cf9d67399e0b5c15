// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
	type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> }
	type Histogram = { average: number; p50: number; p99: number }
	type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number }
	export default function autocannon(options: Options): Promise<Result>
}
