/**
 * Times the upload pipeline on a 12-megapixel JPEG (4000 x 3000): one at a time and four at
 * once. Runs in its own process so its peak memory is its own. Prints one JSON line.
 */
import sharp from 'sharp'
import { processProjectImage } from '../../app/utils/images.server'

async function photo() {
	// Noise compresses like a real photo (a flat colour would flatter the numbers).
	const width = 4000
	const height = 3000
	const noise = Buffer.alloc(width * height * 3)
	for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
	return sharp(noise, { raw: { width, height, channels: 3 } })
		.blur(1.2)
		.jpeg({ quality: 88 })
		.toBuffer()
}

let peak = 0
const sample = setInterval(() => {
	peak = Math.max(peak, process.memoryUsage().rss)
}, 5)

const input = await photo()
const baseline = process.memoryUsage().rss
peak = baseline

const sequential: number[] = []
for (let i = 0; i < 4; i++) {
	const started = performance.now()
	await processProjectImage(input)
	sequential.push(performance.now() - started)
}
const peakSequential = peak

peak = process.memoryUsage().rss
const started = performance.now()
await Promise.all(Array.from({ length: 4 }, () => processProjectImage(input)))
const concurrentTotal = performance.now() - started
const peakConcurrent = peak
clearInterval(sample)

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
console.log(
	JSON.stringify({
		inputBytes: input.length,
		megapixels: 12,
		oneAtATimeMsPerImage: Math.round(sequential.slice(1).reduce((a, b) => a + b, 0) / 3),
		fourAtOnceTotalMs: Math.round(concurrentTotal),
		fourAtOnceMsPerImage: Math.round(concurrentTotal / 4),
		baselineRssMb: mb(baseline),
		peakRssOneAtATimeMb: mb(peakSequential),
		peakRssFourAtOnceMb: mb(peakConcurrent),
	}),
)
