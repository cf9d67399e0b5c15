/** Joins the class names that are set. (Its own module: pages without the Remix runtime use it.) */
export function cx(...classes: Array<string | false | null | undefined>) {
	return classes.filter(Boolean).join(' ')
}
