/**
 * The fixed choice lists of the product (SPEC 5 and 9): skill names, project categories and
 * industries. Pure data plus small helpers, shared by the client pickers and the server checks.
 */
import { type I18n } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

/** Which list a choice comes from: the context of its message in the catalogs. */
export type OptionKind = 'skill' | 'category' | 'industry'

/**
 * How a choice reads in the page's language. What is stored stays the English key (the API,
 * the export, the search); a list entry is shown translated, an owner's own words as typed.
 * A translatable entry is declared for the catalogs as
 * `msg({ message: 'Web Design', context: 'category' })` (`~/utils/i18n-macro`).
 */
export function optionLabel(i18n: I18n, kind: OptionKind, value: string): string {
	const id = generateMessageId(value, kind)
	return i18n.messages[id] === undefined ? value : i18n._(id)
}

/** Skill names a resume skill or a project's 'Skills And Expertise' may use (about 150). */
export const SKILLS = [
	// Software engineering
	'JavaScript',
	'TypeScript',
	'Python',
	'Java',
	'C++',
	'C#',
	'Go',
	'Rust',
	'Ruby',
	'PHP',
	'Swift',
	'Kotlin',
	'SQL',
	'HTML',
	'CSS',
	'React',
	'Angular',
	'Vue.js',
	'Next.js',
	'Node.js',
	'Django',
	'Flask',
	'Spring Boot',
	'Ruby on Rails',
	'.NET',
	'Flutter',
	'React Native',
	'iOS Development',
	'Android Development',
	'GraphQL',
	'REST APIs',
	'Microservices',
	'System Design',
	'Docker',
	'Kubernetes',
	'AWS',
	'Microsoft Azure',
	'Google Cloud',
	'Terraform',
	'CI/CD',
	'DevOps',
	'Git',
	'Linux',
	'PostgreSQL',
	'MySQL',
	'MongoDB',
	'Software Testing',
	'Test Automation',
	'Cybersecurity',
	'Blockchain',
	'Game Development',
	'Embedded Systems',
	// Data and AI
	'Data Analysis',
	'Data Science',
	'Data Engineering',
	'Data Visualization',
	'Machine Learning',
	'Deep Learning',
	'Artificial Intelligence',
	'Natural Language Processing',
	'Computer Vision',
	'Prompt Engineering',
	'TensorFlow',
	'PyTorch',
	'R',
	'Statistics',
	'Apache Spark',
	'Big Data',
	'Tableau',
	'Power BI',
	'Microsoft Excel',
	'Business Intelligence',
	// Design
	'UI Design',
	'UX Design',
	'User Research',
	'Interaction Design',
	'Wireframing',
	'Prototyping',
	'Design Systems',
	'Accessibility',
	'Figma',
	'Adobe Photoshop',
	'Adobe Illustrator',
	'Adobe InDesign',
	'Adobe After Effects',
	'Adobe Premiere Pro',
	'Graphic Design',
	'Brand Identity',
	'Typography',
	'Illustration',
	'Motion Graphics',
	'3D Modeling',
	'Video Editing',
	'Photography',
	// Marketing
	'SEO',
	'SEM',
	'Digital Marketing',
	'Content Marketing',
	'Social Media Marketing',
	'Email Marketing',
	'Growth Marketing',
	'Influencer Marketing',
	'Marketing Automation',
	'Conversion Rate Optimization',
	'Google Analytics',
	'Google Ads',
	'Copywriting',
	'Content Writing',
	'Brand Strategy',
	'Public Relations',
	'Market Research',
	'Community Management',
	// Product
	'Product Management',
	'Product Strategy',
	'Product Analytics',
	'Roadmapping',
	'Agile',
	'Scrum',
	'A/B Testing',
	'Requirements Gathering',
	'Jira',
	// Business
	'Project Management',
	'Business Analysis',
	'Business Development',
	'Sales',
	'Account Management',
	'Customer Success',
	'Financial Analysis',
	'Financial Modeling',
	'Accounting',
	'Operations Management',
	'Supply Chain Management',
	'Strategic Planning',
	'Risk Management',
	'Entrepreneurship',
	'Salesforce',
	'Recruiting',
	// Soft skills
	'Leadership',
	'Communication',
	'Teamwork',
	'Problem Solving',
	'Critical Thinking',
	'Time Management',
	'Public Speaking',
	'Negotiation',
	'Mentoring',
	'Stakeholder Management',
	'Adaptability',
	'Creativity',
	'Technical Writing',
] as const satisfies readonly string[]

/** One of {@link SKILLS}. */
export type Skill = (typeof SKILLS)[number]

/** Project categories a portfolio entry may carry (exactly 52). */
export const PROJECT_CATEGORIES = [
	'UI/UX Design',
	'Web Development',
	'Web Design',
	'Mobile App Development',
	'Frontend Development',
	'Backend Development',
	'Full-Stack Development',
	'Software Development',
	'API Development',
	'E-commerce Development',
	'Game Development',
	'Cloud & DevOps',
	'Cybersecurity',
	'Data Analysis',
	'Data Science',
	'Machine Learning & AI',
	'Business Intelligence',
	'Blockchain & Web3',
	'AR/VR',
	'Internet of Things',
	'Embedded Systems',
	'Product Design',
	'Product Management',
	'User Research',
	'Graphic Design',
	'Branding & Identity',
	'Logo Design',
	'Print Design',
	'Packaging Design',
	'Illustration',
	'Animation',
	'Motion Graphics',
	'3D Modeling & Rendering',
	'Video Production',
	'Photography',
	'Music & Audio Production',
	'Industrial Design',
	'Interior Design',
	'Architecture',
	'Fashion Design',
	'Digital Marketing',
	'Social Media Marketing',
	'Content Marketing',
	'SEO & SEM',
	'Email Marketing',
	'Copywriting',
	'Content Writing',
	'Technical Writing',
	'Market Research',
	'Public Relations',
	'Event Management',
	'Consulting',
] as const satisfies readonly string[]

/** One of {@link PROJECT_CATEGORIES}. */
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number]

/** Industries a portfolio entry may name (exactly 51). */
export const INDUSTRIES = [
	'Advertising & Marketing',
	'Aerospace & Defense',
	'Agriculture',
	'Architecture & Construction',
	'Arts & Culture',
	'Automotive',
	'Banking',
	'Beauty & Cosmetics',
	'Biotechnology',
	'Chemicals',
	'Consulting',
	'Consumer Goods',
	'Cybersecurity',
	'E-commerce',
	'Education',
	'EdTech',
	'Energy & Utilities',
	'Entertainment',
	'Environmental Services',
	'Fashion & Apparel',
	'Financial Services',
	'FinTech',
	'Food & Beverage',
	'Gaming',
	'Government & Public Sector',
	'Healthcare',
	'Hospitality',
	'Human Resources',
	'Information Technology',
	'Insurance',
	'Legal Services',
	'Logistics & Supply Chain',
	'Manufacturing',
	'Media & Publishing',
	'Mining & Metals',
	'Music',
	'Nonprofit',
	'Oil & Gas',
	'Pharmaceuticals',
	'Real Estate',
	'Renewable Energy',
	'Retail',
	'Robotics',
	'SaaS',
	'Sports & Fitness',
	'Telecommunications',
	'Transportation',
	'Travel & Tourism',
	'Venture Capital & Private Equity',
	'Wellness',
	'Other',
] as const satisfies readonly string[]

/** One of {@link INDUSTRIES}. */
export type Industry = (typeof INDUSTRIES)[number]

const skillSet: ReadonlySet<string> = new Set(SKILLS)
const categorySet: ReadonlySet<string> = new Set(PROJECT_CATEGORIES)
const industrySet: ReadonlySet<string> = new Set(INDUSTRIES)

/** True when `v` is exactly (case and spacing included) one of {@link SKILLS}. */
export function isSkill(v: string): v is Skill {
	return skillSet.has(v)
}

/** True when `v` is exactly one of {@link PROJECT_CATEGORIES}. */
export function isCategory(v: string): v is ProjectCategory {
	return categorySet.has(v)
}

/** True when `v` is exactly one of {@link INDUSTRIES}. */
export function isIndustry(v: string): v is Industry {
	return industrySet.has(v)
}

/**
 * Cleans a tag picker's choices: trims each, drops empty ones and case-insensitive duplicates,
 * keeping the first-seen order. When `allowed` is given, choices not in it (compared
 * case-insensitively) are dropped and kept ones take the list's own spelling, so
 * `uniqueChoices(['python'], SKILLS)` gives `['Python']`.
 */
export function uniqueChoices(values: readonly string[], allowed?: readonly string[]): string[] {
	const canonical = allowed ? new Map<string, string>() : undefined
	if (allowed && canonical) {
		for (const a of allowed) {
			const key = a.trim().toLowerCase()
			if (key && !canonical.has(key)) canonical.set(key, a)
		}
	}
	const seen = new Set<string>()
	const out: string[] = []
	for (const raw of values) {
		if (typeof raw !== 'string') continue
		const value = raw.trim()
		const key = value.toLowerCase()
		if (!key || seen.has(key)) continue
		let choice = value
		if (canonical) {
			const match = canonical.get(key)
			if (match === undefined) continue
			choice = match
		}
		seen.add(key)
		out.push(choice)
	}
	return out
}

/** The longest word of the owner's own in a skill, category or industry list. */
export const OWN_CHOICE_MAX = 60

/**
 * The most entries in a project's industries, categories or skills (a resume's skills keep the
 * resume's own cap of entries per list).
 */
export const TAGS_MAX = 60

/** True when `v` is exactly one of the fixed lists' entries or a word of the owner's own. */
export function isChoiceOrOwn(v: string): boolean {
	const value = v.trim()
	return value === v && value !== '' && value.length <= OWN_CHOICE_MAX
}

/**
 * The owner's choices over a fixed list that also takes their own words: trimmed, empty ones and
 * case-insensitive duplicates dropped (first-seen order). An entry of `suggestions` takes the
 * list's own spelling (its key); any other word is kept as typed. Length is not checked here.
 */
export function choicesWithOwn(values: readonly string[], suggestions: readonly string[]) {
	const canonical = new Map(suggestions.map((choice) => [choice.toLowerCase(), choice]))
	return uniqueChoices(values.map((raw) => {
		if (typeof raw !== 'string') return raw
		return canonical.get(raw.trim().toLowerCase()) ?? raw
	}))
}
