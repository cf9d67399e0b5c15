// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
	type Request = {
		method?: string
		path?: string
		body?: string
		headers?: Record<string, string>
		/** Changes each request before it is sent (autocannon's `setupRequest`). */
		setupRequest?: (request: Request) => Request
	}
	type Options = {
		url: string
		connections?: number
		duration?: number
		headers?: Record<string, string>
		requests?: Request[]
	}
	type Histogram = { average: number; p50: number; p99: number; total: number }
	type Result = {
		requests: Histogram
		latency: Histogram
		errors: number
		timeouts: number
		non2xx: number
	}
	export default function autocannon(options: Options): Promise<Result>
}
