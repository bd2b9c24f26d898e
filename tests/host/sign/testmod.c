// SPDX-License-Identifier: GPL-2.0
/*
 * A stand-in for a kernel module, compiled with "gcc -c" into an ET_REL
 * object with the sections the signature must cover: .text, .init.text,
 * .rodata, .data, .modinfo, relocation sections, .symtab and .strtab.
 */

extern int printk(const char *fmt, ...);

static const int testmod_table[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };
int testmod_counter = 42;
static const char testmod_msg[] = "testmod: counter %d, prime %d\n";

__attribute__((section(".modinfo"), used, aligned(1)))
static const char testmod_license[] = "license=GPL";
__attribute__((section(".modinfo"), used, aligned(1)))
static const char testmod_desc[] = "description=module signing test object";

__attribute__((section(".init.text"), used))
int init_module(void)
{
	return printk(testmod_msg, testmod_counter, testmod_table[testmod_counter & 7]);
}

void cleanup_module(void)
{
	testmod_counter++;
	printk(testmod_msg, testmod_counter, testmod_table[1]);
}
